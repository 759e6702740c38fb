import { errorBody } from '../errors.js'
import type { CartLine } from './cart.js'
import type { CategoryRef, CheckoutOutcome, ItemOutcome, OrderInput, OrderItemInput, ResolvedRedeemable } from './checkout-model.js'
import { itemAmount } from './money.js'

/** Response shapes of spec/checkout.yaml (ValidationsValidateResponseBody and friends), built from an outcome. */

export interface OrderContext {
  customerId: string | null
  referrerId?: string | null
}

const ITEM_FIELDS = ['id', 'sku_id', 'product_id', 'related_object', 'source_id', 'quantity', 'price', 'product', 'sku', 'metadata'] as const

export function orderView(order: OrderInput | undefined, outcome: Pick<CheckoutOutcome, 'totals' | 'lines'>, ctx: OrderContext): Record<string, unknown> {
  const items = outcome.lines ? outcome.lines.map(lineView) : (order?.items ?? []).map((item) => {
    const amount = itemAmount(item)
    return { ...itemFields(item), amount, subtotal_amount: amount }
  })
  return {
    ...(order?.id !== undefined ? { id: order.id } : {}),
    ...(order?.source_id !== undefined ? { source_id: order.source_id } : {}),
    ...(order?.status !== undefined ? { status: order.status } : {}),
    ...outcome.totals,
    items,
    metadata: order?.metadata ?? {},
    customer_id: ctx.customerId,
    referrer_id: ctx.referrerId ?? null,
    object: 'order',
  }
}

function itemFields(item: OrderItemInput): Record<string, unknown> {
  const view: Record<string, unknown> = { object: 'order_item' }
  for (const f of ITEM_FIELDS) {
    const value = item[f]
    if (value !== undefined) view[f] = value
  }
  return view
}

/**
 * An item after this call's discounts: what it costs now, what came off, and units added or made free.
 * Built field by field (no spreads): a 50-item cart makes 50 of these per answer.
 */
function lineView(line: CartLine): Record<string, unknown> {
  const view = itemFields(line.item)
  view.quantity = line.quantity
  if (line.quantity !== line.initialQuantity || line.added) view.initial_quantity = line.initialQuantity
  if (line.discountQuantity > 0) view.discount_quantity = line.discountQuantity
  if (line.item.price !== undefined || line.added) view.price = line.price
  view.amount = line.amount
  if (line.amount !== line.initialAmount || line.added) view.initial_amount = line.initialAmount
  view.discount_amount = line.discount
  view.applied_discount_amount = line.discount
  view.subtotal_amount = line.amount - line.discount
  return view
}

export function itemView(outcome: ItemOutcome, order: Record<string, unknown>, requestId: string): Record<string, unknown> {
  const base = { id: outcome.request.id, object: outcome.request.object, ...campaignOf(outcome.request) }
  switch (outcome.status) {
    case 'APPLICABLE': {
      const { amount, itemsAmount = 0 } = outcome.applied
      return {
        status: 'APPLICABLE',
        ...base,
        order: { ...order, applied_discount_amount: amount - itemsAmount, items_applied_discount_amount: itemsAmount, total_applied_discount_amount: amount },
        applicable_to: emptyList(),
        inapplicable_to: emptyList(),
        result: resultOf(outcome),
        metadata: metadataOf(outcome.request),
        categories: categoriesOf(outcome.request).map((c) => ({ ...c, object: 'category' })),
      }
    }
    case 'INAPPLICABLE': {
      const r = outcome.reason
      const error = { ...errorBody(r, r.code, requestId), ...(r.ruleMessage !== undefined ? { error: { message: r.ruleMessage } } : {}) }
      const details = { key: r.detailsKey ?? r.key, message: r.ruleMessage ?? r.message }
      return { status: 'INAPPLICABLE', ...base, result: { error, details } }
    }
    case 'SKIPPED':
      return { status: 'SKIPPED', ...base, result: { details: { key: outcome.skipKey, message: outcome.skipMessage } } }
  }
}

/**
 * The three arrays of a validation/redemption response. Each applicable item's `order` carries the call's
 * totals with that item's applied amounts, without `items`: they would repeat the top-level order's items
 * (the same per-item discounts) once per redeemable, and a 50-item cart with 5 redeemables would answer six
 * copies of them.
 */
export function itemLists(outcome: CheckoutOutcome, order: Record<string, unknown>, requestId: string) {
  const { items: _items, ...totals } = order
  const views = outcome.items.map((item) => itemView(item, totals, requestId))
  return {
    // PARTIAL mode: `redeemables` holds the applicable ones; the others are in their own arrays (notes §4.3)
    redeemables: outcome.partial ? views.filter((v) => v.status === 'APPLICABLE') : views,
    inapplicable_redeemables: views.filter((v) => v.status === 'INAPPLICABLE'),
    skipped_redeemables: views.filter((v) => v.status === 'SKIPPED'),
  }
}

function resultOf(outcome: Extract<ItemOutcome, { status: 'APPLICABLE' }>): Record<string, unknown> {
  const { request, applied } = outcome
  switch (request.object) {
    case 'promotion_tier':
      return request.tier?.discount ? { discount: { ...request.tier.discount } } : {}
    case 'promotion_stack':
      // A stack has no single discount definition; its result is what its tiers took off together.
      return { discount: { type: 'AMOUNT', amount_off: applied.amount, effect: 'APPLY_TO_ORDER' } }
    case 'voucher': {
      const v = request.voucher
      if (v?.type === 'GIFT_VOUCHER') return { gift: { balance: v.gift_balance ?? 0, credits: applied.credits ?? 0 } }
      if (v?.type === 'LOYALTY_CARD') return { loyalty_card: { points: applied.points ?? 0, balance: v.loyalty_balance ?? 0 } }
      return v?.discount ? { discount: { ...v.discount } } : {}
    }
  }
}

function campaignOf(request: ResolvedRedeemable): Record<string, string> {
  const facts = request.object === 'voucher' ? request.voucher : request.object === 'promotion_tier' ? request.tier : undefined
  if (facts) {
    const view: Record<string, string> = { campaign_id: facts.campaign_id, campaign_name: facts.campaign_name }
    if (request.object === 'promotion_tier' && request.tier) view.name = request.tier.name
    return view
  }
  if (request.object === 'promotion_stack' && request.stack) return { campaign_id: request.stack.campaign_id, name: request.stack.name }
  return {}
}

function metadataOf(request: ResolvedRedeemable): Record<string, unknown> {
  if (request.object === 'voucher') return request.voucher?.metadata ?? {}
  if (request.object === 'promotion_tier') return request.tier?.metadata ?? {}
  return {}
}

function categoriesOf(request: ResolvedRedeemable): CategoryRef[] {
  if (request.object === 'voucher') return request.voucher?.categories ?? []
  if (request.object === 'promotion_tier') return request.tier?.categories ?? []
  return request.stack?.categories ?? []
}

const emptyList = () => ({ object: 'list', data_ref: 'data', data: [], total: 0 })
