import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Fixture facts used below (fixtures/default): WELCOME-0001..3 10% off capped at 2000, quantity 1;
// WELCOME-USED used up; WELCOME-OFF0 inactive; GIFT-0001 balance 10000; LOYAL-0001 1200 points;
// rew_demo0002 a COIN reward of camp_demo0003, rew_demo0003 not assigned; REF-ALICE owned by
// cust_demo_alice; promo_demo0001 5% off, promo_demo0002 1000 off; stack_demo0001 = both tiers.
const v = (id: string, extra: object = {}) => ({ object: 'voucher', id, ...extra })

async function post(app: TestApp, path: '/v1/validations' | '/v1/redemptions', body: object) {
  const res = await app.request.post(path).set(app.headers.app).send(body)
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  return res
}
const firstError = (res: { body: { inapplicable_redeemables: { result: { error: { key: string } } }[] } }) =>
  res.body.inapplicable_redeemables[0]?.result.error.key

describe('POST /v1/validations', () => {
  it('computes the order with a coupon, a promotion tier and gift credits', async () => {
    const app = await createTestApp()
    // the coupon and the tier share a category: allow two per category (the default is one)
    await app.request.put('/_mock/stacking-rules').send({ applicable_redeemables_per_category_limit: 2 }).expect(200)
    const res = await post(app, '/v1/validations', {
      redeemables: [v('WELCOME-0001'), { object: 'promotion_tier', id: 'promo_demo0002' }, v('GIFT-0001', { gift: { credits: 3000 } })],
      order: { amount: 10000, items: [{ product_id: 'prod_1', quantity: 2, price: 5000 }] },
    })
    expect(res.status).toBe(200)
    // 10% of 10000 → 9000, 1000 off → 8000, 3000 gift credits → 5000
    expect(res.body).toMatchObject({ valid: true, order: { amount: 10000, discount_amount: 5000, total_amount: 5000, applied_discount_amount: 5000 } })
    expect(res.body.redeemables.map((r: { status: string }) => r.status)).toEqual(['APPLICABLE', 'APPLICABLE', 'APPLICABLE'])
    expect(res.body.redeemables[2].result.gift).toEqual({ balance: 10000, credits: 3000 })
  })

  it('pays with loyalty points through a COIN reward: 500 points of "$5 off" take 500 off the order', async () => {
    const app = await createTestApp()
    const res = await post(app, '/v1/validations', {
      redeemables: [v('LOYAL-0001', { reward: { id: 'rew_demo0002', points: 500 } })],
      order: { amount: 10000 },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ valid: true, order: { amount: 10000, total_amount: 9500 } })
    expect(res.body.redeemables[0].result.loyalty_card).toMatchObject({ points: 500 })
  })

  it.each([
    ['a used-up code', v('WELCOME-USED'), 'quantity_exceeded'],
    ['an inactive code', v('WELCOME-OFF0'), 'voucher_disabled'],
    ['gift credits above the balance', v('GIFT-0002', { gift: { credits: 2501 } }), 'gift_amount_exceeded'],
    ['more points than the card has', v('LOYAL-0002', { reward: { id: 'rew_demo0002', points: 301 } }), 'loyalty_card_points_exceeded'],
    ['a reward not assigned to the card campaign', v('LOYAL-0001', { reward: { id: 'rew_demo0003' } }), 'not_found'],
    ['the same code by code and by id', v('v_demo0001'), 'duplicated_redeemables'],
  ])('reports %s as INAPPLICABLE and the call invalid', async (_case, item, key) => {
    const app = await createTestApp()
    const items = key === 'duplicated_redeemables' ? [v('WELCOME-0001'), item] : [item, v('WELCOME-0001')]
    const res = await post(app, '/v1/validations', { redeemables: items, order: { amount: 10000 } })
    expect(res.body.valid).toBe(false)
    expect(firstError(res)).toBe(key)
    expect(res.body.skipped_redeemables[0].result.details.key).toBe('preceding_validation_failed')
  })

  it('reports expiry and not-yet-started from the injected clock', async () => {
    const late = await createTestApp({ now: '2027-01-01T00:00:00.000Z' })
    expect(firstError(await post(late, '/v1/validations', { redeemables: [v('WELCOME-0002')] }))).toBe('voucher_expired')
    const early = await createTestApp({ now: '2026-01-01T00:00:00.000Z' })
    expect(firstError(await post(early, '/v1/validations', { redeemables: [v('WELCOME-0002')] }))).toBe('voucher_not_active')
  })

  it('applies a promotion stack tier by tier', async () => {
    const app = await createTestApp()
    const res = await post(app, '/v1/validations', { redeemables: [{ object: 'promotion_stack', id: 'stack_demo0001' }], order: { amount: 10000 } })
    // 5% → 9500, then 1000 off → 8500
    expect(res.body.order.total_amount).toBe(8500)
  })
})

describe('POST /_mock/stacks', () => {
  it('creates a stack whose tiers apply in the order given', async () => {
    const app = await createTestApp()
    const created = await app.request.post('/_mock/stacks').send({ name: 'Amount first', tiers: { ids: ['promo_demo0002', 'promo_demo0001'] } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ campaign_id: 'camp_demo0004', object: 'promotion_stack' })
    const res = await post(app, '/v1/validations', { redeemables: [{ object: 'promotion_stack', id: created.body.id }], order: { amount: 10000 } })
    // 1000 off → 9000, then 5% → 8550
    expect(res.body.order.total_amount).toBe(8550)
  })
})

describe('POST /v1/redemptions', () => {
  it('redeems all or nothing', async () => {
    const app = await createTestApp()
    const failed = await post(app, '/v1/redemptions', { redeemables: [v('GIFT-0001', { gift: { credits: 1000 } }), v('WELCOME-USED')], order: { amount: 5000 } })
    expect(failed.status).toBe(400)
    expect(failed.body.key).toBe('quantity_exceeded')
    const project = app.deps.projects.get('proj_demo0001')!
    expect(project.vouchers.get('GIFT-0001').gift?.balance).toBe(10000)
    // nothing spent; only the failed redemption is recorded (see redemption-failures.test.ts)
    expect(project.redemptions.list().every((r) => r.result === 'FAILURE')).toBe(true)
  })

  it('spends the code, gift credits and points; records redemptions, transactions, holders and tier summary', async () => {
    const app = await createTestApp()
    const res = await post(app, '/v1/redemptions', {
      redeemables: [
        v('REF-ALICE'),
        { object: 'promotion_tier', id: 'promo_demo0001' },
        v('GIFT-0001', { gift: { credits: 2000 } }),
        v('LOYAL-0001', { reward: { id: 'rew_demo0002', points: 100 } }),
      ],
      order: { amount: 20000, source_id: 'order-1' },
      customer: { source_id: 'dave', name: 'Dave' },
    })
    expect(res.status).toBe(200)
    expect(res.body.parent_redemption).toMatchObject({ result: 'SUCCESS', status: 'SUCCEEDED', related_object_type: 'redemption' })
    expect(res.body.redemptions).toHaveLength(4)
    const parent = await app.request.get(`/v1/redemptions/${res.body.parent_redemption.id}`).set(app.headers.app)
    expect(parent.status).toBe(200)
    expectContract(parent, 'getRedemption')

    const project = app.deps.projects.get('proj_demo0001')!
    expect(project.vouchers.get('GIFT-0001').gift?.balance).toBe(8000)
    expect(project.vouchers.get('LOYAL-0001').loyalty_card?.balance).toBeLessThan(1200)
    const types = project.transactions.all().filter((t) => t.source_id === 'order-1').map((t) => t.type)
    expect(types.sort()).toEqual(['CREDITS_REDEMPTION', 'POINTS_REDEMPTION'])
    const customerId = res.body.parent_redemption.customer_id
    const holders = project.referrals.listMemberHolders('REF-ALICE', { limit: 100 })
    expect(holders.data).toEqual(expect.arrayContaining([expect.objectContaining({ customer_id: customerId, holder_role: 'REFEREE' })]))
    expect(project.campaigns.findTier('promo_demo0001')?.tier.summary?.redemptions?.total_redeemed).toBe(1)
  })

  it('lets exactly one of many concurrent redemptions take a code’s last use', async () => {
    const app = await createTestApp()
    const results = await Promise.all(
      Array.from({ length: 10 }, () => app.request.post('/v1/redemptions').set(app.headers.app).send({ redeemables: [v('WELCOME-0003')], order: { amount: 1000 } })),
    )
    for (const r of results) expectContract(r, 'redeemStackedDiscounts')
    expect(results.filter((r) => r.body.redemptions?.length === 1)).toHaveLength(1)
    expect(app.deps.projects.get('proj_demo0001')!.vouchers.get('WELCOME-0003').redemption.redeemed_quantity).toBe(1)
  })

  it('never overdraws a gift card under concurrent redemptions', async () => {
    const app = await createTestApp()
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.request.post('/v1/redemptions').set(app.headers.app).send({ redeemables: [v('GIFT-0002', { gift: { credits: 1000 } })], order: { amount: 5000 } }),
      ),
    )
    expect(results.filter((r) => r.body.redemptions?.length === 1)).toHaveLength(2)
    expect(app.deps.projects.get('proj_demo0001')!.vouchers.get('GIFT-0002').gift?.balance).toBe(500)
  })
})
