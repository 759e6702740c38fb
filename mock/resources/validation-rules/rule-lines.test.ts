import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// A validation rule's applicable_to narrows the items an item-level discount touches (issue 25 §1: excluded
// products and SKUs are not discounted). The cart: 2 shirts at 4000, 1 cap at 1500, 1 mug (sku) at 1000.
const cart = {
  items: [
    { source_id: 'shirt', related_object: 'product', quantity: 2, price: 4000 },
    { product_id: 'prod_cap', related_object: 'product', quantity: 1, price: 1500 },
    { sku_id: 'sku_mug', related_object: 'sku', quantity: 1, price: 1000 },
  ],
}
const always = { '1': { name: 'order.amount', conditions: { $more_than_or_equal: [0] } }, logic: '1' }

async function tierWithRule(app: TestApp, discount: object, applicableTo: object): Promise<string> {
  const campaign = await app.request.post('/v1/campaigns').set(app.headers.app).send({ name: `Items ${JSON.stringify(applicableTo)}`, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'Items', action: { discount } }] } })
  expect(campaign.status).toBe(200)
  const tierId: string = campaign.body.promotion.tiers[0].id
  const rule = await app.request.post('/v1/validation-rules').set(app.headers.app).send({ name: 'Narrowed', rules: always, applicable_to: applicableTo })
  expect(rule.status).toBe(200)
  const assigned = await app.request.post(`/v1/validation-rules/${rule.body.id}/assignments`).set(app.headers.app).send({ related_object_type: 'promotion_tier', related_object_id: tierId })
  expect(assigned.status).toBe(200)
  return tierId
}

async function validate(app: TestApp, tierId: string) {
  const res = await app.request.post('/v1/validations').set(app.headers.app).send({ redeemables: [{ object: 'promotion_tier', id: tierId }], order: cart })
  expectContract(res, 'validateStackedDiscounts')
  expect(res.body.valid).toBe(true)
  return res.body.order
}

const percentOnItems = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }
const itemDiscounts = (order: { items: { discount_amount?: number }[] }) => order.items.map((i) => i.discount_amount ?? 0)

describe('applicable_to of an assigned validation rule', () => {
  it('leaves excluded products (by source_id or id) and SKUs undiscounted', async () => {
    const app = await createTestApp()
    const tierId = await tierWithRule(app, percentOnItems, { excluded: [{ object: 'product', source_id: 'shirt' }, { object: 'sku', id: 'sku_mug' }] })
    const order = await validate(app, tierId)
    expect(itemDiscounts(order)).toEqual([0, 150, 0])
    expect(order).toMatchObject({ amount: 10500, items_discount_amount: 150, total_amount: 10350 })
  })

  it('discounts only the included items unless included_all', async () => {
    const app = await createTestApp()
    const only = await tierWithRule(app, percentOnItems, { included: [{ object: 'product', id: 'prod_cap' }] })
    expect(itemDiscounts(await validate(app, only))).toEqual([0, 150, 0])
    const all = await tierWithRule(app, percentOnItems, { included: [{ object: 'product', id: 'prod_cap' }], included_all: true })
    expect(itemDiscounts(await validate(app, all))).toEqual([800, 150, 100])
  })

  it('changes nothing for an order-level discount or a tier without such a rule', async () => {
    const app = await createTestApp()
    const tierId = await tierWithRule(app, { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }, { excluded: [{ object: 'product', source_id: 'shirt' }] })
    expect(await validate(app, tierId)).toMatchObject({ discount_amount: 500, total_amount: 10000 })
  })
})
