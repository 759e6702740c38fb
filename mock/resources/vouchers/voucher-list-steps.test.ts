import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'
import type { Response } from 'supertest'

// A first ordered or filtered list over big campaigns makes, sorts or scans every code: it does so in
// steps, with other requests answered between them (list-work). Here the steps are small and the first
// pause is held open, so what happens meanwhile is the test's to decide, not the machine's speed.

const campaign = (name: string) => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: 3000,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'S-######' } },
})

async function threeCampaigns(): Promise<TestApp> {
  const app = await createTestApp({ seeder: () => {} })
  for (const name of ['One', 'Two', 'Three']) expect((await app.request.post('/v1/campaigns').set(app.headers.app).send(campaign(name))).status).toBe(200)
  app.clock.advance(3_600_000)
  return app
}

const list = (app: TestApp, query: Record<string, string | number>): Promise<Response> =>
  new Promise((resolve, reject) => app.request.get('/v1/vouchers').query(query).set(app.headers.app).end((error, res) => (error ? reject(error) : resolve(res))))

const redeem = (app: TestApp, code: string): Promise<Response> =>
  new Promise((resolve, reject) =>
    app.request.post('/v1/redemptions').set(app.headers.app).send({ redeemables: [{ object: 'voucher', id: code }], order: { amount: 1000 } }).end((error, res) => (error ? reject(error) : resolve(res))),
  )

/** Lists in steps of 100 codes; the first pause waits for `open()`, later ones go straight on. */
function holdFirstPause(app: TestApp) {
  let open!: () => void
  let paused!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const firstPause = new Promise<'paused'>((resolve) => (paused = () => resolve('paused')))
  let pauses = 0
  const vouchers = app.deps.projects.get('proj_demo0001')!.vouchers
  vouchers.pace = { step: 100, sliceMs: 0, pause: () => (pauses++ === 0 ? (paused(), gate) : Promise.resolve()) }
  return { open, firstPause, pauses: () => pauses, vouchers }
}

describe('GET /v1/vouchers in steps', () => {
  it('answers other requests while a first order=code list makes and sorts the codes, and pages as a list done at once', async () => {
    const app = await threeCampaigns()
    const held = holdFirstPause(app)
    const query = { order: 'code' as const, limit: 7, page: 40 }
    const listing = list(app, query)
    expect(await Promise.race([held.firstPause, listing.then(() => 'answered first')])).toBe('paused')

    // meanwhile: a campaign list, and a voucher list that needs codes the first list has not made yet
    expect((await app.request.get('/v1/campaigns').set(app.headers.app)).status).toBe(200)
    const newest = await list(app, { limit: 1 })
    expect(newest.body.vouchers[0]).toMatchObject({ campaign: 'Three' })
    expect((await redeem(app, newest.body.vouchers[0].code)).status).toBe(200)

    held.open()
    const page = await listing
    expectContract(page, 'listVouchers')
    expect(held.pauses()).toBeGreaterThan(3)
    expect(page.body.total).toBe(9000)
    // the same page from a mock built the same way whose list did everything at once
    const other = await threeCampaigns()
    const atOnce = other.deps.projects.get('proj_demo0001')!.vouchers.list(query)
    expect(page.body.vouchers.map((v: { code: string }) => v.code)).toEqual(atOnce.vouchers.map((v) => v.code))
    const codes = page.body.vouchers.map((v: { code: string }) => v.code)
    expect(codes).toEqual([...codes].sort())
  })

  it('a filter that scans every code: the page is the state when it answers, a voucher redeemed while it waited left out', async () => {
    const app = await threeCampaigns()
    const { vouchers } = app.deps.projects.get('proj_demo0001')!
    // every code made at once, so the list's long work is the scan itself; the oldest voucher is among the
    // first the scan tests, before the list's first pause
    const target = vouchers.list({ limit: 1, order: 'created_at' }).vouchers[0].code
    const last = target.slice(-1)
    const held = holdFirstPause(app)
    const query = { limit: 100, order: 'code', 'filters[code][conditions][$ends_with]': last, 'filters[updated_at][conditions][$is_unknown]': 'true' }
    const listing = list(app, query)
    expect(await Promise.race([held.firstPause, listing.then(() => 'answered first')])).toBe('paused')
    expect((await redeem(app, target)).status).toBe(200)
    held.open()
    const page = await listing
    expectContract(page, 'listVouchers')
    expect(held.pauses()).toBeGreaterThan(3)
    const codes: string[] = page.body.vouchers.map((v: { code: string }) => v.code)
    expect(codes.length).toBeGreaterThan(10)
    expect(codes.every((code) => code.endsWith(last))).toBe(true)
    expect(codes).not.toContain(target)
    const filters = { code: { conditions: { $ends_with: last } }, updated_at: { conditions: { $is_unknown: 'true' } } }
    const atOnce = vouchers.list({ limit: 100, order: 'code', filters } as Parameters<typeof vouchers.list>[0])
    expect(page.body).toEqual(JSON.parse(JSON.stringify(atOnce)))
  })

  it('a lookup of an unknown code makes the codes of every campaign that could hold it in steps, answering others meanwhile', async () => {
    const app = await threeCampaigns()
    const held = holdFirstPause(app)
    const lookup = new Promise<Response>((resolve, reject) => app.request.get('/v1/vouchers/S-zzzzzz').set(app.headers.app).end((error, res) => (error ? reject(error) : resolve(res))))
    expect(await Promise.race([held.firstPause, lookup.then(() => 'answered first')])).toBe('paused')
    expect((await app.request.get('/v1/campaigns').set(app.headers.app)).status).toBe(200)
    held.open()
    const missing = await lookup
    expectContract(missing, 'getVoucher')
    expect(missing.status).toBe(404)
    // the lookup made every campaign's codes (the pattern could hold the code)
    expect(held.vouchers.codeCount).toBe(9000)
    const { code } = held.vouchers.list({ limit: 1, order: 'code' }).vouchers[0]
    const pausesBefore = held.pauses()
    const found = await app.request.get(`/v1/vouchers/${code}`).set(app.headers.app)
    expect(found.status).toBe(200)
    expect(found.body.code).toBe(code)
    expect(held.pauses()).toBe(pausesBefore)
  })
})
