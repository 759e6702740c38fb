import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_STACKING_RULES } from '../stacks/stacking-rules.js'
import { evaluateCheckout } from './checkout-engine.js'
import type { DiscountDef, ResolvedRedeemable, VoucherFacts } from './checkout-model.js'

// Property tests of the arithmetic: whatever the redeemables, the order and the stacking rules,
// totals are never negative, discounts never exceed the order, and balances never go below zero.
const NOW = Date.parse('2026-01-15T09:00:00.000Z')

const effect = fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_BY_QUANTITY', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY')
const limit = fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined })
// order-level and item-level effects together, so item discounts meet order discounts and gift credits
const discount: fc.Arbitrary<DiscountDef> = fc.oneof(
  fc.record({ type: fc.constant('PERCENT' as const), percent_off: fc.integer({ min: 0, max: 100 }), amount_limit: limit, aggregated_amount_limit: limit, effect }),
  fc.record({ type: fc.constant('AMOUNT' as const), amount_off: fc.integer({ min: 0, max: 200_000 }), aggregated_amount_limit: limit, effect }),
  fc.record({ type: fc.constant('FIXED' as const), fixed_amount: fc.integer({ min: 0, max: 20_000 }), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS') }),
  fc.record({ type: fc.constant('UNIT' as const), unit_off: fc.integer({ min: 1, max: 4 }), unit_type: fc.constantFrom('p1', 'p2', 'p9'), effect: fc.constantFrom('ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_SAME_ITEMS') }),
)

const facts = (i: number, over: Partial<VoucherFacts>): VoucherFacts => ({
  id: `v_${i}`,
  code: `CODE-${i}`,
  campaign_id: 'camp_prop',
  campaign_name: 'Properties',
  type: 'DISCOUNT_VOUCHER',
  is_referral_code: false,
  quantity: null,
  redeemed_quantity: 0,
  categories: i % 2 ? [{ id: 'cat_a', name: 'A', hierarchy: 1 }] : [],
  metadata: {},
  active: true,
  ...over,
})

const redeemable: fc.Arbitrary<(i: number) => ResolvedRedeemable> = fc.oneof(
  discount.map((d) => (i: number) => ({ object: 'voucher' as const, id: `CODE-${i}`, voucher: facts(i, { discount: d }) })),
  discount.map((d) => (i: number) => ({
    object: 'promotion_tier' as const,
    id: `promo_${i}`,
    tier: { id: `promo_${i}`, name: 'Tier', campaign_id: 'camp_promo', campaign_name: 'Promo', discount: d, categories: [], metadata: {}, active: true },
  })),
  fc.record({ balance: fc.integer({ min: 0, max: 100_000 }), credits: fc.integer({ min: 0, max: 100_000 }) }).map(({ balance, credits }) => (i: number) => ({
    object: 'voucher' as const,
    id: `GIFT-${i}`,
    voucher: facts(i, { code: `GIFT-${i}`, type: 'GIFT_VOUCHER', discount: null, gift_balance: balance }),
    gift: { credits: Math.min(credits, balance) },
  })),
)

const order = fc.oneof(
  fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), discount_amount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }) }),
  fc.array(fc.record({ product_id: fc.constantFrom('p1', 'p2', 'p3'), quantity: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 0, max: 20_000 }) }), { minLength: 1, maxLength: 50 }).map((items) => ({ items })),
)

const rules = fc.record({
  applicable_redeemables_limit: fc.integer({ min: 1, max: 5 }),
  applicable_redeemables_per_category_limit: fc.integer({ min: 1, max: 5 }),
  redeemables_application_mode: fc.constantFrom('ALL' as const, 'PARTIAL' as const),
  redeemables_sorting_rule: fc.constantFrom('CATEGORY_HIERARCHY' as const, 'REQUESTED_ORDER' as const),
  redeemables_no_effect_rule: fc.constantFrom('REDEEM_ANYWAY' as const, 'SKIP' as const),
})

describe('checkout arithmetic (property tests)', () => {
  it('never makes a negative total, a discount above the order, or a balance below zero', () => {
    fc.assert(
      fc.property(fc.array(redeemable, { minLength: 1, maxLength: 5 }), order, rules, (makers, o, r) => {
        const items = makers.map((make, i) => make(i))
        const outcome = evaluateCheckout({ items, order: o, settings: { ...DEFAULT_STACKING_RULES, ...r }, now: NOW })
        const t = outcome.totals
        for (const value of Object.values(t)) expect(value).toBeGreaterThanOrEqual(0)
        expect(t.total_discount_amount).toBeLessThanOrEqual(t.amount)
        expect(t.total_amount).toBe(t.amount - t.total_discount_amount)
        let applied = 0
        for (const item of outcome.items) {
          if (item.status !== 'APPLICABLE') continue
          expect(item.applied.amount).toBeGreaterThanOrEqual(0)
          applied += item.applied.amount
          const v = item.request.object === 'voucher' ? item.request.voucher : undefined
          if (v?.type === 'GIFT_VOUCHER') {
            // credits spent never exceed the balance: the balance after the redemption stays ≥ 0
            expect(item.applied.credits ?? 0).toBeLessThanOrEqual(v.gift_balance ?? 0)
          }
        }
        expect(applied).toBeLessThanOrEqual(t.amount)
        // no item is discounted below zero, and the items' discounts add up to items_discount_amount
        const lines = outcome.lines ?? []
        for (const line of lines) expect(line.discount).toBeGreaterThanOrEqual(0)
        for (const line of lines) expect(line.discount).toBeLessThanOrEqual(line.amount)
        if (outcome.valid) expect(lines.reduce((sum, line) => sum + line.discount, 0)).toBe(t.items_discount_amount)
        expect(outcome.items.filter((i) => i.status === 'APPLICABLE').length).toBeLessThanOrEqual(r.applicable_redeemables_limit)
      }),
      { seed: 20260115, numRuns: 300 },
    )
  })
})
