import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { getPointer } from '../../src/json-pointer.js'
import { CART, CART_AMOUNT, expectedDiscount, type Discount, type Expected } from './checkout-formulas.js'
import { redeem, validate } from './checkout-support.js'
import { createCampaign } from './support.js'

/** One discount the run creates as a promotion tier of its own and validates against CART. */
interface ArithmeticCase {
  slug: string
  title: string
  discount: Discount
}

const CASES: ArithmeticCase[] = [
  { slug: 'percent-amount-limit', title: 'PERCENT 30% on the order with amount_limit 2000: the limit caps the discount', discount: { type: 'PERCENT', percent_off: 30, amount_limit: 2000, effect: 'APPLY_TO_ORDER' } },
  { slug: 'fixed-order', title: 'FIXED 7000 on the order: the order total is set to fixed_amount', discount: { type: 'FIXED', fixed_amount: 7000, effect: 'APPLY_TO_ORDER' } },
  { slug: 'fixed-items', title: 'FIXED 1000 on items: each unit ends at fixed_amount', discount: { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' } },
  { slug: 'percent-items-limit', title: 'PERCENT 20% on items with amount_limit 1000: the limit caps each item', discount: { type: 'PERCENT', percent_off: 20, amount_limit: 1000, effect: 'APPLY_TO_ITEMS' } },
  { slug: 'amount-items', title: 'AMOUNT 500 on items: amount_off off each item', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' } },
  { slug: 'amount-items-by-quantity', title: 'AMOUNT 500 on items by quantity: amount_off off each unit', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' } },
  { slug: 'amount-items-proportionally', title: 'AMOUNT 1900 split over the items proportionally to their amounts', discount: { type: 'AMOUNT', amount_off: 1900, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' } },
  { slug: 'unit-in-cart', title: 'UNIT 1 of a product in the cart: one unit of it free, nothing added', discount: { type: 'UNIT', unit_off: 1, unit_type: CART[0].source_id, effect: 'ADD_MISSING_ITEMS' } },
  { slug: 'unit-added', title: 'UNIT 1 of a product not in the cart: the free unit is added, the total stays what was sent', discount: { type: 'UNIT', unit_off: 1, unit_type: 'pk-free-gift', effect: 'ADD_MISSING_ITEMS' } },
]

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
const order = () => ({ amount: CART_AMOUNT, items: CART.map((i) => ({ ...i })) })

/** Names an item may carry: a `unit_type` is a product or SKU id or an item's source_id (UnitDiscountCreate). */
const names = (i: any): unknown[] => [i?.source_id, i?.product_id, i?.sku_id, i?.product?.id, i?.product?.source_id, i?.sku?.id, i?.sku?.source_id]

/** Where item `source_id` sits in the calculated order's items. */
function itemAt(ctx: CheckContext, ex: Exchange, source_id: string, at: string): string {
  const items = getPointer(ex.response.body, `${at}/items`)
  const index = Array.isArray(items) ? items.findIndex((i: any) => names(i).includes(source_id)) : -1
  if (index < 0) ctx.fail({ pointer: `${at}/items`, message: `the calculated order must list item ${source_id}`, expected: `an item with source_id ${source_id}`, actual: items }, ex)
  return `${at}/items/${index}`
}

const optional = (expected: number) => (v: unknown): boolean => v === undefined || v === expected

/**
 * The calculated order against the formula: order-level and item-level discounts apart, their sum, the total
 * (amount - total discount), each item's discount, and the applied amounts (equal on a fresh order) when sent.
 * A free unit added to the cart raises the amount by its price and the discount by as much.
 */
export function expectCalculatedOrder(ctx: CheckContext, ex: Exchange, expected: Expected, at = '/order'): void {
  const o = getPointer(ex.response.body, at)
  if (typeof o !== 'object' || o === null) ctx.fail({ pointer: at, message: 'a validation or redemption of an order answers the calculated order', expected: 'an order object', actual: o }, ex)
  let added = 0
  if (expected.added) {
    const line = itemAt(ctx, ex, expected.added.source_id, at)
    ctx.expectThat(ex, `${line}/quantity`, (q) => q === expected.added!.quantity, String(expected.added.quantity), 'the free units are added to the cart')
    added = (getPointer(ex.response.body, `${line}/price`) as number | undefined ?? 0) * expected.added.quantity
    ctx.expectThat(ex, `${line}/discount_amount`, optional(added), String(added), 'an added free unit is discounted by its whole price')
  }
  const items = sum(expected.items) + added
  ctx.expectField(ex, `${at}/amount`, CART_AMOUNT + added, 'the order amount is what was sent (plus the price of added free units)')
  ctx.expectThat(ex, `${at}/discount_amount`, (v) => (v ?? 0) === expected.order, String(expected.order), 'the order-level discount (discount_amount)')
  ctx.expectThat(ex, `${at}/items_discount_amount`, optional(items), String(items), 'the item-level discount (items_discount_amount)')
  ctx.expectThat(ex, `${at}/total_discount_amount`, optional(expected.order + items), String(expected.order + items), 'total_discount_amount = discount_amount + items_discount_amount')
  ctx.expectField(ex, `${at}/total_amount`, CART_AMOUNT - expected.order - sum(expected.items), 'total_amount = amount - total_discount_amount')
  ctx.expectThat(ex, `${at}/applied_discount_amount`, optional(expected.order), String(expected.order), 'on a new order the applied order-level discount is the discount')
  ctx.expectThat(ex, `${at}/items_applied_discount_amount`, optional(items), String(items), 'on a new order the applied item-level discount is the discount')
  ctx.expectThat(ex, `${at}/total_applied_discount_amount`, optional(expected.order + items), String(expected.order + items), 'total_applied_discount_amount = applied order + item discounts')
  // The items of the calculated order are optional (OrderCalculated): without them only the totals are held to the formula.
  if (!Array.isArray(getPointer(ex.response.body, `${at}/items`))) return
  CART.forEach((line, n) => {
    const item = itemAt(ctx, ex, line.source_id, at)
    const want = expected.items[n]
    // An item's discount_amount is optional (OrderItemCalculated); when given it says what came off that item.
    ctx.expectThat(ex, `${item}/discount_amount`, (v) => v === undefined || v === want, String(want), `what comes off ${line.source_id}`)
  })
}

/** A promotion campaign of the run's own with one tier applying `discount`; returns the tier's id. */
async function ownTier(ctx: CheckContext, slug: string, discount: Discount): Promise<string> {
  const tier = { name: `Arithmetic ${slug}`, banner: slug, action: { discount } }
  const created = await createCampaign(ctx, 'PROMOTION', `arith-${slug}`, { body: { promotion: { tiers: [tier] } } })
  ctx.expectThat(created, '/promotion/tiers/0/id', (id) => typeof id === 'string' && id.startsWith('promo_'), 'the promo_ id of the tier')
  return created.response.body.promotion.tiers[0].id
}

const REDEEMED = CASES.find((c) => c.slug === 'percent-items-limit')!

/**
 * A redemption computes the order as the validation does: the redemption answer's order (or, where the
 * answer leaves it out, the redemption's own) follows the same formula.
 */
const redeemedArithmetic: Check = {
  id: 'checkout.arithmetic-redeemed',
  title: `redeeming ${REDEEMED.title.replace(/:.*/, '')}: the redemption's order follows the same formula`,
  operationIds: ['createCampaign', 'redeemStackedDiscounts'],
  readOnly: false,
  requests: 4,
  value: 2,
  shares: { changes: ['campaign-list'] },
  prepare: (ctx) => ownTier(ctx, 'redeemed', REDEEMED.discount),
  async run(ctx) {
    const id = await ctx.prepared<string>()
    const body = { redeemables: [{ object: 'promotion_tier', id }], order: { ...order(), source_id: ctx.name('order'), metadata: ctx.tag }, customer: { source_id: ctx.name('customer'), metadata: ctx.tag }, metadata: ctx.tag }
    const ex = await redeem(ctx, body, 200)
    ctx.cleanup.keep(`redemption of ${id} (order ${body.order.source_id}, customer ${body.customer.source_id})`)
    ctx.expectField(ex, '/redemptions/0/result', 'SUCCESS', 'the run\'s own tier is redeemed')
    expectCalculatedOrder(ctx, ex, expectedDiscount(REDEEMED.discount, CART, CART_AMOUNT), ex.response.body.order !== undefined ? '/order' : '/redemptions/0/order')
  },
}

/** Checkout arithmetic against the documented formulas (issue 25 §1): one check per discount type and effect. */
export const checkoutArithmeticChecks: Check[] = [...CASES.map(({ slug, title, discount }): Check => ({
  id: `checkout.arithmetic-${slug}`,
  title: `${title} (validation of a 2-line cart)`,
  operationIds: ['createCampaign', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 4,
  value: 2,
  shares: { changes: ['campaign-list'] },
  prepare: (ctx) => ownTier(ctx, slug, discount),
  async run(ctx) {
    const id = await ctx.prepared<string>()
    const ex = await validate(ctx, { redeemables: [{ object: 'promotion_tier', id }], order: order() })
    ctx.expectField(ex, '/valid', true, `the run's own ${discount.type} tier applies to the cart`)
    ctx.expectField(ex, '/redeemables/0/status', 'APPLICABLE')
    expectCalculatedOrder(ctx, ex, expectedDiscount(discount, CART, CART_AMOUNT))
  },
})), redeemedArithmetic]
