import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

const campaign = (name: string, count: number, pattern: string) => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: count,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 }, redemption: { quantity: 3 }, code_config: { pattern, charset: 'ABC123' } },
})

async function create(app: TestApp, body: object): Promise<string> {
  const res = await app.request.post('/v1/campaigns').set(app.headers.app).send(body)
  expect(res.status).toBe(200)
  return res.body.id
}

async function vouchers(app: TestApp, query: Record<string, string | number>) {
  const res = await app.request.get('/v1/vouchers').query(query).set(app.headers.app)
  expectContract(res, 'listVouchers')
  return res
}

describe('GET /v1/vouchers', () => {
  it('lists a campaign codes generated from its pattern, unique across campaigns', async () => {
    const app = await createTestApp({ seeder: () => {} })
    const first = await create(app, campaign('First', 100, 'Q-##-##'))
    const second = await create(app, campaign('Second', 100, 'Q-##-##'))
    app.clock.advance(1000)

    const a = await vouchers(app, { campaign_id: first, limit: 100 })
    const b = await vouchers(app, { campaign: 'Second', limit: 100 })
    expect(a.body).toMatchObject({ object: 'list', data_ref: 'vouchers', total: 100 })
    const codes = [...a.body.vouchers, ...b.body.vouchers].map((v: { code: string }) => v.code)
    for (const code of codes) expect(code).toMatch(/^Q-[ABC123]{2}-[ABC123]{2}$/)
    expect(new Set(codes).size).toBe(200)
    expect(b.body.vouchers[0]).toMatchObject({
      campaign: 'Second',
      campaign_id: second,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 15 },
      redemption: { quantity: 3, redeemed_quantity: 0 },
      is_referral_code: false,
      object: 'voucher',
    })
  })

  it('pages a campaign vouchers and shows those generated so far while generating', async () => {
    const app = await createTestApp({ seeder: () => {} })
    const id = await create(app, campaign('Big', 2000, 'B-#######'))

    app.clock.advance(500)
    const partial = await vouchers(app, { campaign_id: id, limit: 100 })
    expect(partial.body.total).toBe(500)

    app.clock.advance(1500)
    const page1 = await vouchers(app, { campaign_id: id, limit: 100 })
    const page20 = await vouchers(app, { campaign_id: id, limit: 100, page: 20 })
    const past = await vouchers(app, { campaign_id: id, limit: 100, page: 21 })
    expect(page1.body.total).toBe(2000)
    expect(page20.body.vouchers).toHaveLength(100)
    expect(page20.body.vouchers[0].code).not.toBe(page1.body.vouchers[0].code)
    expect(past.body.vouchers).toEqual([])
  })

  it('matches nothing for an unknown campaign', async () => {
    const app = await createTestApp({ seeder: () => {} })
    const res = await vouchers(app, { campaign_id: 'camp_nope' })
    expect(res.body).toMatchObject({ vouchers: [], total: 0 })
  })
})

describe('GET /v1/vouchers/{code}', () => {
  it('finds a voucher by code and by id, and answers 404 for an unknown code', async () => {
    const app = await createTestApp({ seeder: () => {} })
    await create(app, campaign('One', 3, 'ONE-####'))
    app.clock.advance(100)
    const [listed] = (await vouchers(app, { campaign: 'One', limit: 1 })).body.vouchers

    const byCode = await app.request.get(`/v1/vouchers/${listed.code}`).set(app.headers.app)
    const byId = await app.request.get(`/v1/vouchers/${listed.id}`).set(app.headers.app)
    const unknown = await app.request.get('/v1/vouchers/NOPE-0000').set(app.headers.app)
    expect(byCode.body).toEqual(listed)
    expect(byId.body).toEqual(listed)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_id: 'NOPE-0000', resource_type: 'voucher' })
    for (const res of [byCode, byId, unknown]) expectContract(res, 'getVoucher')
  })

  it('reads the fixture vouchers with their state', async () => {
    const app = await createTestApp()
    const res = await app.request.get('/v1/vouchers/GIFT-0002').set(app.headers.app)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 'GIFT-0002', type: 'GIFT_VOUCHER', gift: { balance: 2500 } })
    expectContract(res, 'getVoucher')
  })
})
