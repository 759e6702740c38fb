import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { generateCampaigns } from '../../../fixtures/generators.js'
import { loadFixtureSet } from '../../../fixtures/load.js'
import { createTestApp, expectContract } from '../../testing/index.js'
import { applyFixtures } from './apply-fixtures.js'

describe('the fixtures as the API shows them', () => {
  it('give vouchers with their known codes, balances and points', async () => {
    const { request, headers } = await createTestApp()
    const get = async (code: string) => {
      const res = await request.get(`/v1/vouchers/${code}`).set(headers.app)
      expectContract(res, 'getVoucher')
      expect(res.status).toBe(200)
      return res.body
    }
    expect(await get('GIFT-0002')).toMatchObject({ id: 'v_demo0012', campaign_id: 'camp_demo0002', gift: { amount: 10000, balance: 2500 } })
    expect(await get('LOYAL-0001')).toMatchObject({ id: 'v_demo0021', loyalty_card: { points: 1200, balance: 1200 } })
    expect(await get('WELCOME-OFF0')).toMatchObject({ active: false, discount: { type: 'PERCENT', percent_off: 10 } })
    expect(await get('WELCOME-USED')).toMatchObject({ redemption: { quantity: 1, redeemed_quantity: 1 } })
    expect(await get('v_demo0031')).toMatchObject({ code: 'REF-ALICE', is_referral_code: true, campaign_id: 'camp_demo0005' })
  })

  it('give vouchers that all validate against the spec Voucher schema', async () => {
    const { deps } = await createTestApp()
    const set = loadFixtureSet()
    let checked = 0
    for (const [projectId, campaigns] of Object.entries(set.campaigns)) {
      for (const voucher of campaigns.flatMap((c) => c.vouchers ?? [])) {
        const view = deps.projects.get(projectId)!.vouchers.get(voucher.code)
        const { valid, violations } = deps.validator.validateSchema('Voucher', view)
        expect(valid, `${projectId} ${voucher.code}: ${violations.map((v) => `${v.pointer} ${v.message}`).join('; ')}`).toBe(true)
        expect(view.id).toBe(voucher.id)
        checked++
      }
    }
    expect(checked).toBe(16)
  })

  it('give a DONE campaign of each type, readable at once', async () => {
    const { request, headers } = await createTestApp()
    const list = await request.get('/v1/campaigns').query({ limit: 100 }).set(headers.app)
    expectContract(list, 'listCampaigns')
    const types = list.body.campaigns.map((c: { campaign_type: string }) => c.campaign_type).sort()
    expect(types).toEqual(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM', 'PROMOTION', 'REFERRAL_PROGRAM'])
    const promotion = await request.get('/v1/campaigns/camp_demo0004').set(headers.app)
    expectContract(promotion, 'getCampaign')
    expect(promotion.body.promotion.tiers.map((t: { id: string; hierarchy: number }) => [t.id, t.hierarchy])).toEqual([
      ['promo_demo0001', 1],
      ['promo_demo0002', 2],
    ])
    const vouchers = await request.get('/v1/vouchers').query({ campaign_id: 'camp_demo0001' }).set(headers.app)
    expectContract(vouchers, 'listVouchers')
    expect(vouchers.body.total).toBe(5)
  })

  it('are restored by POST /_mock/reset', async () => {
    const { request, headers, deps } = await createTestApp()
    await request.put('/v1/rewards/rew_demo0001/assignments/rewa_demo0001').set(headers.app).send({ parameters: { loyalty: { points: 7 } } })
    expect((await request.post('/_mock/reset').type('json')).status).toBeLessThan(300)
    expect(deps.projects.get('proj_demo0001')?.rewards.pointsPrice('rew_demo0001', 'camp_demo0003')).toBe(100)
  })

  it('can be replaced by a directory of files (--fixtures)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promokit-seed-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const category = { id: 'cat_custom01', name: 'Custom', hierarchy: 0, created_at: '2026-01-14T00:00:00.000Z', object: 'category' }
    writeFileSync(join(dir, 'categories.json'), JSON.stringify({ proj_demo0001: [category] }))
    const { deps } = await createTestApp({ config: { fixturesDir: dir } })
    const project = deps.projects.get('proj_demo0001')!
    expect(project.categories.list()).toEqual([category])
    expect(project.campaigns.size).toBe(0)
  })

  it('refuse a set naming a project the server does not have', () => {
    const set = loadFixtureSet()
    expect(() => applyFixtures([], { ...set, projects: [] })).toThrow(/names project proj_demo0001, which this server does not have/)
  })
})

describe('--seed-campaigns', () => {
  it('adds n generated campaigns to the first project, the same ones for the same seed', async () => {
    const names = async (seed: number) => {
      const { request, headers, clock } = await createTestApp({ config: { seedCampaigns: 12, seed } })
      clock.advance(60_000)
      const res = await request.get('/v1/campaigns').query({ limit: 100 }).set(headers.app)
      expectContract(res, 'listCampaigns')
      expect(res.body.total).toBe(17)
      return res.body.campaigns.map((c: { name: string }) => c.name)
    }
    const first = await names(7)
    expect(await names(7)).toEqual(first)
    expect(await names(8)).not.toEqual(first)
  })

  it('makes the campaigns the same bodies make through createCampaign (the seeding keeps the bodies it made, a request is copied)', async () => {
    const listed = async (app: Awaited<ReturnType<typeof createTestApp>>) => {
      app.clock.advance(60_000)
      const res = await app.request.get('/v1/campaigns').query({ limit: 100, expand: 'category' }).set(app.headers.app)
      expect(res.status).toBe(200)
      return res.body
    }
    const seeded = await createTestApp({ config: { seedCampaigns: 15, seed: 3 } })
    const posted = await createTestApp()
    for (const body of generateCampaigns(15, 3)) {
      const res = await posted.request.post('/v1/campaigns').send(body).set(posted.headers.app)
      expect(res.status).toBe(200)
    }
    expect(await listed(seeded)).toEqual(await listed(posted))
  })
})
