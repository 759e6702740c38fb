import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Cart } from './cart.js'
import type { DiscountDef, OrderInput } from './checkout-model.js'
import { applyDiscount, share } from './item-discounts.js'

const order = (): OrderInput => ({
  items: [
    { product_id: 'prod_shirt', quantity: 2, price: 2000 },
    { sku_id: 'sku_mug', source_id: 'mug-blue', quantity: 1, price: 1500 },
  ],
})

function run(discount: DiscountDef, input: OrderInput = order()) {
  const cart = new Cart(input)
  const applied = applyDiscount(cart, discount)
  return { applied, totals: cart.totals(), discounts: cart.lines.map((l) => l.discount), lines: cart.lines }
}

describe('item-level discounts', () => {
  it('PERCENT APPLY_TO_ITEMS takes the percentage of each item, capped per item and over all items', () => {
    expect(run({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }).discounts).toEqual([400, 150])
    expect(run({ type: 'PERCENT', percent_off: 10, amount_limit: 200, effect: 'APPLY_TO_ITEMS' }).discounts).toEqual([200, 150])
    const capped = run({ type: 'PERCENT', percent_off: 10, aggregated_amount_limit: 450, effect: 'APPLY_TO_ITEMS' })
    expect(capped.discounts).toEqual([400, 50])
    expect(capped.totals).toMatchObject({ amount: 5500, discount_amount: 0, items_discount_amount: 450, total_discount_amount: 450, total_amount: 5050 })
  })

  it('AMOUNT takes amount_off per item, per unit, or split by amount or by quantity', () => {
    expect(run({ type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ITEMS' }).discounts).toEqual([300, 300])
    expect(run({ type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }).discounts).toEqual([600, 300])
    // 4000 : 1500 of 1100 → 800 : 300
    expect(run({ type: 'AMOUNT', amount_off: 1100, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }).discounts).toEqual([800, 300])
    // 2 : 1 units of 1000 → 667 : 333 (the odd unit goes to the largest remainder)
    expect(run({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' }).discounts).toEqual([667, 333])
  })

  it('FIXED APPLY_TO_ITEMS sets each unit price; FIXED APPLY_TO_ORDER sets the order total', () => {
    expect(run({ type: 'FIXED', fixed_amount: 1800, effect: 'APPLY_TO_ITEMS' }).discounts).toEqual([400, 0])
    expect(run({ type: 'FIXED', fixed_amount: 5000, effect: 'APPLY_TO_ORDER' }).totals).toMatchObject({ discount_amount: 500, total_amount: 5000 })
  })

  it('UNIT makes units free: by product, SKU or source id; adds missing units and new items', () => {
    const same = run({ type: 'UNIT', unit_off: 1, unit_type: 'prod_shirt', effect: 'ADD_SAME_ITEMS' })
    expect(same.discounts).toEqual([2000, 0])
    expect(same.lines[0].discountQuantity).toBe(1)
    const missing = run({ type: 'UNIT', unit_off: 3, unit_type: 'mug-blue', effect: 'ADD_MISSING_ITEMS' })
    // the mug line grows from 1 to 3 units; all 3 free
    expect(missing.lines[1]).toMatchObject({ quantity: 3, initialQuantity: 1, amount: 4500, discount: 4500 })
    expect(missing.totals).toMatchObject({ amount: 8500, initial_amount: 5500, items_discount_amount: 4500, total_amount: 4000 })
    const added = run({ type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ unit_off: 1, unit_type: 'sku_mug', effect: 'ADD_NEW_ITEMS' }, { unit_off: 2, unit_type: 'prod_cap', effect: 'ADD_MISSING_ITEMS' }] })
    expect(added.lines.map((l) => [l.added, l.quantity, l.price, l.discount])).toEqual([
      [false, 2, 2000, 0],
      [false, 1, 1500, 0],
      [true, 1, 1500, 1500],
      [true, 2, 0, 0],
    ])
    expect(added.totals.total_amount).toBe(5500)
  })

  it('order-level discounts after item-level ones apply to what is left', () => {
    const cart = new Cart(order())
    applyDiscount(cart, { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' })
    applyDiscount(cart, { type: 'PERCENT', percent_off: 10 })
    expect(cart.totals()).toMatchObject({ discount_amount: 450, items_discount_amount: 1000, total_discount_amount: 1450, total_amount: 4050 })
  })
})

const discountArb: fc.Arbitrary<DiscountDef> = fc.oneof(
  fc.record({ type: fc.constant('PERCENT' as const), percent_off: fc.integer({ min: 0, max: 100 }), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS'), amount_limit: fc.option(fc.nat(5000), { nil: undefined }), aggregated_amount_limit: fc.option(fc.nat(5000), { nil: undefined }) }),
  fc.record({
    type: fc.constant('AMOUNT' as const),
    amount_off: fc.nat(20000),
    effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_BY_QUANTITY', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY'),
    aggregated_amount_limit: fc.option(fc.nat(5000), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('FIXED' as const), fixed_amount: fc.nat(10000), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS') }),
  fc.record({ type: fc.constant('UNIT' as const), unit_off: fc.integer({ min: 1, max: 5 }), unit_type: fc.constantFrom('p0', 'p1', 'p9'), effect: fc.constantFrom('ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_SAME_ITEMS') }),
)

const orderArb: fc.Arbitrary<OrderInput> = fc.record({
  amount: fc.option(fc.nat(50000), { nil: undefined }),
  discount_amount: fc.option(fc.nat(3000), { nil: undefined }),
  items: fc.array(fc.record({ product_id: fc.constantFrom('p0', 'p1', 'p2'), quantity: fc.integer({ min: 0, max: 5 }), price: fc.nat(5000) }), { maxLength: 8 }),
})

describe('item-level discounts (properties)', () => {
  it('never make a total negative, an item discount above its item, or a discount above the order', () => {
    fc.assert(
      fc.property(orderArb, fc.array(discountArb, { minLength: 1, maxLength: 5 }), (input, discounts) => {
        const cart = new Cart(input)
        let applied = 0
        for (const d of discounts) {
          const a = applyDiscount(cart, d)
          expect(Number.isInteger(a.amount) && a.amount >= 0).toBe(true)
          applied += a.amount
        }
        const t = cart.totals()
        for (const line of cart.lines) {
          expect(line.discount).toBeGreaterThanOrEqual(0)
          expect(line.discount).toBeLessThanOrEqual(line.amount)
        }
        expect(t.total_amount).toBeGreaterThanOrEqual(0)
        expect(t.total_discount_amount).toBeLessThanOrEqual(t.amount)
        expect(t.total_discount_amount).toBe(t.discount_amount + t.items_discount_amount)
        expect(t.total_amount).toBe(t.amount - t.total_discount_amount)
        expect(t.total_applied_discount_amount).toBe(applied)
        expect(t.items_discount_amount).toBe(cart.lines.reduce((sum, l) => sum + l.discount, 0))
        for (const v of Object.values(t)) expect(Number.isInteger(v)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('share splits exactly the total (up to the room) and never above a line', () => {
    fc.assert(
      fc.property(fc.nat(100000), fc.array(fc.tuple(fc.nat(10), fc.nat(20000)), { minLength: 1, maxLength: 10 }), (total, pairs) => {
        const out = share(total, pairs.map((p) => p[0]), pairs.map((p) => p[1]))
        out.forEach((x, i) => expect(x).toBeLessThanOrEqual(pairs[i][1]))
        const weighted = pairs.some((p) => p[0] > 0)
        const expected = weighted ? Math.min(total, pairs.reduce((s, p) => s + p[1], 0)) : 0
        expect(out.reduce((a, b) => a + b, 0)).toBe(expected)
      }),
    )
  })
})
