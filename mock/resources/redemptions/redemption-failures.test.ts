import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Fixture facts (fixtures/README.md): WELCOME-0001 10% off, quantity 1 (camp_demo0001 "Welcome 10% off");
// GIFT-0001 balance 10000; LOYAL-0001 1200 points, rew_demo0002 pays 1 cent a point; REF-ALICE owned by cust_demo_alice.
const v = (id: string, extra: object = {}) => ({ object: 'voucher', id, ...extra })

async function redeem(app: TestApp, body: object) {
  const res = await app.request.post('/v1/redemptions').set(app.headers.app).send(body)
  expectContract(res, 'redeemStackedDiscounts')
  return res
}

async function get(app: TestApp, path: string, operationId: string) {
  const res = await app.request.get(path).set(app.headers.app)
  expectContract(res, operationId)
  return res
}

const project = (app: TestApp) => app.deps.projects.get('proj_demo0001')!

describe('failed redemptions', () => {
  it.each([
    ['a loyalty card without reward', { redeemables: [v('LOYAL-0001')], order: { amount: 1000 } }, 'missing_reward'],
    ['a gift card on an order without amount', { redeemables: [v('GIFT-0001', { gift: { credits: 1000 } })], order: { items: [{ product_id: 'p1', quantity: 1 }] } }, 'missing_order_items_amount'],
    ['a percent coupon without an order amount', { redeemables: [v('WELCOME-0001')] }, 'missing_amount'],
    ['a referrer redeeming their own code', { redeemables: [v('REF-ALICE')], order: { amount: 5000 }, customer: { id: 'cust_demo_alice' } }, 'referrer_not_permitted_to_redeem'],
  ])('%s: 400 with the key, recorded as FAILED, nothing spent', async (_case, body, key) => {
    const app = await createTestApp()
    const code = body.redeemables[0].id
    const before = project(app).vouchers.get(code)

    const res = await redeem(app, body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, key })

    const failed = await get(app, '/v1/redemptions?result=FAILURE', 'listRedemptions')
    expect(failed.body).toMatchObject({ object: 'list', data_ref: 'redemptions', total: 2 })
    const child = failed.body.redemptions.find((r: { redemption: string | null }) => r.redemption !== null)
    expect(child).toMatchObject({ result: 'FAILURE', status: 'FAILED', failure_code: key, related_object_type: 'voucher', related_object_id: before.id })
    expect((await get(app, '/v1/redemptions?result=SUCCESS', 'listRedemptions')).body.total).toBe(0)

    const entries = await get(app, `/v1/vouchers/${code}/redemption`, 'getVoucherRedemptions')
    expect(entries.body).toMatchObject({ object: 'list', data_ref: 'redemption_entries', total: 1, redeemed_quantity: before.redemption.redeemed_quantity })
    expect(entries.body.redemption_entries[0]).toMatchObject({ id: child.id, failure_code: key })
    expect(project(app).vouchers.get(code)).toEqual(before)
  })

  it('validation reports the same reasons as INAPPLICABLE and records nothing', async () => {
    const app = await createTestApp()
    const res = await app.request.post('/v1/validations').set(app.headers.app).send({ redeemables: [v('REF-ALICE')], order: { amount: 5000 }, customer: { id: 'cust_demo_alice' } })
    expectContract(res, 'validateStackedDiscounts')
    expect(res.body.valid).toBe(false)
    expect(res.body.inapplicable_redeemables[0].result.error.key).toBe('referrer_not_permitted_to_redeem')
    expect(project(app).redemptions.size).toBe(0)

    const other = await redeem(app, { redeemables: [v('REF-ALICE')], order: { amount: 5000 }, customer: { source_id: 'bob' } })
    expect(other.status).toBe(200)
  })
})

describe('GET /v1/redemptions', () => {
  it('filters by result, customer and campaign, pages and sorts', async () => {
    const app = await createTestApp()
    await redeem(app, { redeemables: [v('WELCOME-0001')], order: { amount: 1000 }, customer: { source_id: 'ann' } })
    await redeem(app, { redeemables: [v('WELCOME-0001')], order: { amount: 1000 }, customer: { source_id: 'ann' } })
    await redeem(app, { redeemables: [v('GIFT-0001', { gift: { credits: 100 } })], order: { amount: 1000 }, customer: { source_id: 'ben' } })
    const ann = project(app).customers.peek({ source_id: 'ann' })!

    const all = await get(app, '/v1/redemptions?limit=100', 'listRedemptions')
    expect(all.body.total).toBe(6)
    // newest first: the gift card's children and parent come first
    expect(all.body.redemptions[0].related_object_type).toBe('voucher')
    expect(all.body.redemptions[0].voucher.code).toBe('GIFT-0001')

    const failures = await get(app, '/v1/redemptions?result=FAILURE', 'listRedemptions')
    expect(failures.body.redemptions.map((r: { failure_code: string }) => r.failure_code)).toEqual(['quantity_exceeded', 'quantity_exceeded'])
    // the failed attempt's customer is the one already known (a failed redemption creates no customer)
    expect((await get(app, `/v1/redemptions?customer=${ann.id}`, 'listRedemptions')).body.total).toBe(4)
    expect((await get(app, '/v1/redemptions?campaign=Welcome%2010%25%20off', 'listRedemptions')).body.total).toBe(2)
    expect((await get(app, '/v1/redemptions?campaign=camp_demo0002', 'listRedemptions')).body.total).toBe(1)

    const oldest = await get(app, '/v1/redemptions?order=created_at&limit=2&page=2', 'listRedemptions')
    expect(oldest.body.redemptions).toHaveLength(2)
    expect(oldest.body.redemptions[0].result).toBe('FAILURE')
  })

  it("finds a promotion tier's redemptions by its campaign's name as by its id", async () => {
    const app = await createTestApp()
    await redeem(app, { redeemables: [{ object: 'promotion_tier', id: 'promo_demo0001' }], order: { amount: 1000 } })

    const byId = await get(app, '/v1/redemptions?campaign=camp_demo0004', 'listRedemptions')
    expect(byId.body.redemptions).toMatchObject([{ related_object_type: 'promotion_tier', related_object_id: 'promo_demo0001' }])
    const byName = await get(app, '/v1/redemptions?campaign=Spring%20sale', 'listRedemptions')
    expect(byName.body).toEqual(byId.body)
  })

  it('refuses an unknown result with 400 invalid_query_params', async () => {
    const app = await createTestApp()
    const res = await get(app, '/v1/redemptions?result=MAYBE', 'listRedemptions')
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_query_params')
  })

  it("serves the voucher's redemption.url", async () => {
    const app = await createTestApp()
    await redeem(app, { redeemables: [v('WELCOME-0002')], order: { amount: 1000 } })
    const voucher = await get(app, '/v1/vouchers/WELCOME-0002', 'getVoucher')
    const res = await get(app, voucher.body.redemption.url, 'listVoucherRedemptions')
    expect(res.body).toMatchObject({ quantity: 1, redeemed_quantity: 1, total: 1, redemption_entries: [{ result: 'SUCCESS', voucher: { code: 'WELCOME-0002' } }] })
    expect((await get(app, '/v1/vouchers/NOPE-0000/redemption', 'getVoucherRedemptions')).status).toBe(404)
  })
})

describe('POST /v1/redemptions/{id}/rollback', () => {
  it('gives back the use, the credits and the points, once', async () => {
    const app = await createTestApp()
    await app.request.put('/_mock/stacking-rules').send({ applicable_redeemables_per_category_limit: 5 }).expect(200)
    const redeemed = await redeem(app, {
      redeemables: [v('WELCOME-0001'), v('GIFT-0001', { gift: { credits: 3000 } }), v('LOYAL-0001', { reward: { id: 'rew_demo0002', points: 500 } })],
      order: { amount: 10000, source_id: 'order-1' },
    })
    expect(redeemed.status).toBe(200)
    const parentId = redeemed.body.parent_redemption.id

    const child = await app.request.post(`/v1/redemptions/${redeemed.body.redemptions[0].id}/rollback`).set(app.headers.app)
    expectContract(child, 'rollbackRedemption')
    expect(child.status).toBe(400)
    expect(child.body.details).toMatch(/roll back r_/)

    const res = await app.request.post(`/v1/redemptions/${parentId}/rollback`).set(app.headers.app).send({ reason: 'returned' })
    expectContract(res, 'rollbackRedemption')
    expect(res.status).toBe(200)
    expect(res.body.parent_rollback).toMatchObject({ object: 'redemption_rollback', redemption: parentId, reason: 'returned', result: 'SUCCESS' })
    expect(res.body.rollbacks).toHaveLength(3)

    const vouchers = project(app).vouchers
    expect(vouchers.get('WELCOME-0001').redemption.redeemed_quantity).toBe(0)
    expect(vouchers.get('GIFT-0001').gift).toMatchObject({ balance: 10000, amount: 10000 })
    expect(vouchers.get('LOYAL-0001').loyalty_card).toMatchObject({ balance: 1200 })
    const refunds = project(app).transactions.all().filter((t) => t.type.endsWith('_REFUND')).map((t) => [t.type, t.amount, t.balance])
    expect(refunds).toEqual([['CREDITS_REFUND', 3000, 10000], ['POINTS_REFUND', 500, 1200]])
    const parent = await get(app, `/v1/redemptions/${parentId}`, 'getRedemption')
    expect(parent.body.status).toBe('ROLLED_BACK')

    const again = await app.request.post(`/v1/redemptions/${parentId}/rollback`).set(app.headers.app)
    expect(again.status).toBe(400)
    expect(again.body.details).toMatch(/already been rolled back/)
    expect(vouchers.get('GIFT-0001').gift?.balance).toBe(10000)
    // the code can be redeemed again
    expect((await redeem(app, { redeemables: [v('WELCOME-0001')], order: { amount: 1000 } })).status).toBe(200)
  })

  it('refuses a failed redemption (400) and an unknown one (404)', async () => {
    const app = await createTestApp()
    await redeem(app, { redeemables: [v('WELCOME-USED')], order: { amount: 1000 } })
    const failed = project(app).redemptions.list().find((r) => r.redemption === null)!
    const res = await app.request.post(`/v1/redemptions/${failed.id}/rollback`).set(app.headers.app)
    expectContract(res, 'rollbackRedemption')
    expect(res.status).toBe(400)
    const unknown = await app.request.post('/v1/redemptions/r_nope/rollback').set(app.headers.app)
    expectContract(unknown, 'rollbackRedemption')
    expect(unknown.status).toBe(404)
  })
})
