import { describe, expect, it } from 'vitest'
import { toIso } from '../../../src/clock.js'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 13 item 6: PUT /v1/campaigns/{campaignId} (the real service's Update Campaign).
const put = (t: TestApp, id: string, body: object) => t.request.put(`/v1/campaigns/${id}`).set(t.headers.app).send(body)
const get = (t: TestApp, id: string) => t.request.get(`/v1/campaigns/${id}`).set(t.headers.app)

describe('PUT /v1/campaigns/{campaignId}', () => {
  it('changes the fields sent, keeps the others, and the vouchers follow the new dates and discount', async () => {
    const t = await createTestApp()
    const before = (await get(t, 'camp_demo0001')).body
    t.clock.advance(60_000)
    const res = await put(t, 'camp_demo0001', {
      description: 'Now until the end of August',
      expiration_date: '2026-08-31T23:59:59Z',
      category_id: 'cat_demo0002',
      metadata: { season: 'summer' },
      discount: { type: 'PERCENT', percent_off: 15 },
    })
    expect(res.status, res.text).toBe(200)
    expectContract(res, 'updateCampaign')
    expect(res.body).toMatchObject({
      id: 'camp_demo0001',
      name: before.name,
      description: 'Now until the end of August',
      expiration_date: '2026-08-31T23:59:59.000Z',
      category_id: 'cat_demo0002',
      metadata: { ...before.metadata, season: 'summer' },
      updated_at: toIso(t.clock.now()),
      vouchers_count: before.vouchers_count,
    })
    expect(res.body.voucher.discount).toEqual({ type: 'PERCENT', percent_off: 15 })
    expect((await get(t, 'camp_demo0001')).body).toEqual(res.body)

    const voucher = await t.request.get('/v1/vouchers/WELCOME-0001').set(t.headers.app)
    expectContract(voucher, 'getVoucher')
    expect(voucher.body).toMatchObject({ expiration_date: '2026-08-31T23:59:59.000Z', discount: { type: 'PERCENT', percent_off: 15 }, category_id: 'cat_demo0002' })
  })

  it('removes metadata keys named in unset_metadata_fields and treats null as "not given", as generated SDKs send it', async () => {
    const t = await createTestApp()
    await put(t, 'camp_demo0004', { metadata: { a: 1, b: 2 } })
    const before = (await get(t, 'camp_demo0004')).body
    t.clock.advance(1000)
    const sdkStyle = { description: null, type: null, join_once: null, auto_join: null, start_date: null, expiration_date: null, category: null, category_id: null, metadata: null, discount: null, gift: null, options: null, unset_metadata_fields: ['a'] }
    const res = await put(t, 'camp_demo0004', sdkStyle)
    expect(res.status, res.text).toBe(200)
    expectContract(res, 'updateCampaign')
    expect(res.body).toEqual({ ...before, metadata: { b: 2 }, updated_at: toIso(t.clock.now()) })
  })

  it('is seen by list pages read before it (ordered by updated_at, filtered by category)', async () => {
    const t = await createTestApp()
    const list = (query: string) => t.request.get(`/v1/campaigns?${query}`).set(t.headers.app)
    const newest = await list('order=-updated_at&limit=1')
    expect(newest.body.campaigns[0].id).not.toBe('camp_demo0003')
    const expanded = await list('expand=category&limit=100')
    t.clock.advance(5000)
    expect((await put(t, 'camp_demo0003', { description: 'Coffee, now with tea', category: 'Seasonal sales' })).status).toBe(200)

    const after = await list('order=-updated_at&limit=1')
    expectContract(after, 'listCampaigns')
    expect(after.body.campaigns[0]).toMatchObject({ id: 'camp_demo0003', description: 'Coffee, now with tea', updated_at: toIso(t.clock.now()) })
    const again = await list('expand=category&limit=100')
    expect(again.text).not.toBe(expanded.text)
    const coffee = again.body.campaigns.find((c: { id: string }) => c.id === 'camp_demo0003')
    expect(coffee.categories).toEqual([expect.objectContaining({ id: 'cat_demo0001', name: 'Seasonal sales' })])
  })

  it.each([
    ['a discount on a gift campaign', 'camp_demo0002', { discount: { type: 'AMOUNT', amount_off: 100 } }, 400, /discount/],
    ['join_once false on a loyalty campaign', 'camp_demo0003', { join_once: false, description: 'x' }, 400, /join_once/],
    ['a referral program on a coupon campaign', 'camp_demo0001', { referral_program: { conversion_event_type: 'redemption' } }, 400, /referral_program/],
    ['gift settings (not simulated)', 'camp_demo0002', { gift: { amount: 1 } }, 400, /not simulated/],
    ['an unknown category', 'camp_demo0001', { category_id: 'cat_nope', description: 'x' }, 404, /cat_nope/],
    ['a field of the wrong type', 'camp_demo0001', { auto_join: 'yes' }, 400, /auto_join/],
    ['an unknown campaign', 'camp_nope', { description: 'x' }, 404, /camp_nope/],
  ])('refuses %s and changes nothing', async (_, id, body, status, details) => {
    const t = await createTestApp()
    const before = await get(t, 'camp_demo0001')
    const target = id === 'camp_nope' ? undefined : await get(t, id)
    t.clock.advance(1000)
    const res = await put(t, id, body)
    expect(res.status, res.text).toBe(status)
    expectContract(res, 'updateCampaign')
    expect(res.body.details).toMatch(details)
    expect((await get(t, 'camp_demo0001')).text).toBe(before.text)
    if (target) expect((await get(t, id)).text).toBe(target.text)
  })

  it('cannot modify a campaign still generating its vouchers: the answer getCampaign gives, then 200 once generated', async () => {
    const t = await createTestApp()
    const created = await t.request.post('/v1/campaigns').set(t.headers.app).send({
      name: 'Autumn', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 2000,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'AUT-#####' } },
    })
    const early = await put(t, created.body.id, { description: 'too early' })
    const read = await get(t, created.body.id)
    expectContract(early, 'updateCampaign')
    expect(early.status).toBe(read.status)
    expect(early.headers['retry-after']).toBe(read.headers['retry-after'])
    expect(early.body).toMatchObject({ key: read.body.key, resource_id: created.body.id })
    t.clock.advance(5000)
    const late = await put(t, created.body.id, { description: 'in time' })
    expect(late.status).toBe(200)
    expect(late.body).toMatchObject({ description: 'in time', vouchers_generation_status: 'DONE', vouchers_count: 2000 })
  })
})
