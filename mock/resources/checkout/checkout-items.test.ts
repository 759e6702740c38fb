import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 14 item 2: item-level discounts created through POST /v1/campaigns and computed on carts.
const cart = {
  items: [
    { product_id: 'prod_shirt', quantity: 2, price: 2000 },
    { sku_id: 'sku_mug', source_id: 'mug-blue', quantity: 1, price: 1500 },
  ],
}

async function promotion(app: TestApp, discount: object): Promise<string> {
  const res = await app.request
    .post('/v1/campaigns')
    .set(app.headers.app)
    .send({ name: `Items ${JSON.stringify(discount)}`, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'tier', action: { discount } }] } })
  expectContract(res, 'createCampaign')
  expect(res.status).toBe(200)
  return res.body.promotion.tiers[0].id
}

async function post(app: TestApp, path: '/v1/validations' | '/v1/redemptions', body: object) {
  const res = await app.request.post(path).set(app.headers.app).send(body)
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  expect(res.status).toBe(200)
  return res
}

describe('item-level discounts through HTTP', () => {
  it('a coupon with 10% off each item (max 300 per item) discounts the items, not the order', async () => {
    const app = await createTestApp()
    const created = await app.request
      .post('/v1/campaigns')
      .set(app.headers.app)
      .send({
        name: 'Ten off items',
        campaign_type: 'DISCOUNT_COUPONS',
        vouchers_count: 1,
        voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10, amount_limit: 300, effect: 'APPLY_TO_ITEMS' }, code_config: { pattern: 'ITEMS-####' } },
      })
    expectContract(created, 'createCampaign')
    app.clock.advance(1000)
    const list = await app.request.get('/v1/vouchers').query({ campaign_id: created.body.id }).set(app.headers.app)
    const code = list.body.vouchers[0].code as string

    const res = await post(app, '/v1/validations', { redeemables: [{ object: 'voucher', id: code }], order: cart })
    expect(res.body.order).toMatchObject({
      amount: 5500,
      discount_amount: 0,
      items_discount_amount: 450,
      total_discount_amount: 450,
      total_amount: 5050,
      items_applied_discount_amount: 450,
    })
    expect(res.body.order.items.map((i: { discount_amount: number; subtotal_amount: number }) => [i.discount_amount, i.subtotal_amount])).toEqual([
      [300, 3700],
      [150, 1350],
    ])
    expect(res.body.redeemables[0].result.discount).toMatchObject({ type: 'PERCENT', effect: 'APPLY_TO_ITEMS' })
    expect(res.body.redeemables[0].order).toMatchObject({ applied_discount_amount: 0, items_applied_discount_amount: 450 })
  })

  it.each([
    [{ type: 'AMOUNT', amount_off: 1100, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }, [800, 300], 4400],
    [{ type: 'AMOUNT', amount_off: 200, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, [400, 200], 4900],
    [{ type: 'AMOUNT', amount_off: 5000, aggregated_amount_limit: 4500, effect: 'APPLY_TO_ITEMS' }, [4000, 500], 1000],
    [{ type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' }, [2000, 500], 3000],
    [{ type: 'UNIT', unit_off: 1, unit_type: 'prod_shirt', effect: 'ADD_SAME_ITEMS' }, [2000, 0], 3500],
  ])('%o gives item discounts %o and total %i', async (discount, perItem, total) => {
    const app = await createTestApp()
    const tier = await promotion(app, discount)
    const res = await post(app, '/v1/validations', { redeemables: [{ object: 'promotion_tier', id: tier }], order: cart })
    expect(res.body.order.items.map((i: { discount_amount: number }) => i.discount_amount)).toEqual(perItem)
    expect(res.body.order.total_amount).toBe(total)
  })

  it('a UNIT discount adds the free item to the order and redeems it', async () => {
    const app = await createTestApp()
    const tier = await promotion(app, { type: 'UNIT', unit_off: 1, unit_type: 'sku_mug', effect: 'ADD_NEW_ITEMS' })
    const res = await post(app, '/v1/redemptions', { redeemables: [{ object: 'promotion_tier', id: tier }], order: cart })
    const added = res.body.order.items[2]
    expect(added).toMatchObject({ sku_id: 'sku_mug', quantity: 1, initial_quantity: 0, discount_quantity: 1, price: 1500, amount: 1500, discount_amount: 1500, subtotal_amount: 0 })
    expect(res.body.order).toMatchObject({ amount: 7000, initial_amount: 5500, items_discount_amount: 1500, total_amount: 5500 })
    expect(res.body.redemptions[0]).toMatchObject({ related_object_id: tier, amount: 1500, result: 'SUCCESS' })
  })

  it('a UNIT discount with ADD_MANY_ITEMS applies each of its units and answers them as created', async () => {
    const app = await createTestApp()
    const units = [
      { unit_off: 1, unit_type: 'prod_shirt', effect: 'ADD_MISSING_ITEMS' },
      { unit_off: 2, unit_type: 'sku_mug', effect: 'ADD_NEW_ITEMS' },
    ]
    const tier = await promotion(app, { type: 'UNIT', effect: 'ADD_MANY_ITEMS', units })
    const read = await app.request.get(`/v1/promotions/tiers/${tier}`).set(app.headers.app)
    expectContract(read, 'getPromotionTier')
    expect(read.body.action.discount.units).toEqual(units)

    const res = await post(app, '/v1/validations', { redeemables: [{ object: 'promotion_tier', id: tier }], order: cart })
    // one of the two shirts free; two mugs added at the cart's mug price, both free
    expect(res.body.order.items.map((i: { quantity: number; discount_amount: number }) => [i.quantity, i.discount_amount])).toEqual([
      [2, 2000],
      [1, 0],
      [2, 3000],
    ])
    expect(res.body.order).toMatchObject({ amount: 8500, items_discount_amount: 5000, total_amount: 3500 })
  })

  it('refuses a UNIT discount without a product, and an item effect a type does not have, creating nothing', async () => {
    const app = await createTestApp()
    for (const discount of [{ type: 'UNIT', unit_off: 1, effect: 'ADD_NEW_ITEMS' }, { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }]) {
      const res = await app.request
        .post('/v1/campaigns')
        .set(app.headers.app)
        .send({ name: 'Bad unit', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't', action: { discount } }] } })
      expectContract(res, 'createCampaign')
      expect(res.status).toBe(400)
      expect(res.body.key).toBe('invalid_campaign')
    }
    const list = await app.request.get('/v1/campaigns').query({ limit: 100 }).set(app.headers.app)
    expect(list.body.campaigns.map((c: { name: string }) => c.name)).not.toContain('Bad unit')
  })
})
