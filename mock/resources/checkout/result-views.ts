import { errorBody } from '../../engine/errors.js'
import type { CartLine } from './cart.js'
import type { CategoryRef, CheckoutOutcome, ItemOutcome, ItemView, OrderInput, OrderItemInput, OrderItemView, OrderView, ResolvedRedeemable } from './checkout-model.js'
import { itemAmount } from './money.js'

/** Response shapes of spec/checkout.yaml (ValidationsValidateResponseBody and friends), built from an outcome. */

type ApplicableView = Extract<ItemView, { status: 'APPLICABLE' }>
/** The call's totals as each applicable item's `order` repeats them (without the items). */
type OrderTotalsView = Omit<OrderView, 'items'>

export interface OrderContext {
  customerId: string | null
  referrerId?: string | null
}

export function orderView(order: OrderInput | undefined, outcome: Pick<CheckoutOutcome, 'totals' | 'lines'>, ctx: OrderContext): OrderView {
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

/** The item's own fields as sent, in the answer's order. */
function itemFields(item: OrderItemInput): OrderItemView {
  const view: OrderItemView = { object: 'order_item' }
  // not in the request schema; a client's own item id is echoed as the answer's `id`
  const { id } = item as { id?: string }
  if (id !== undefined) view.id = id
  if (item.sku_id !== undefined) view.sku_id = item.sku_id
  if (item.product_id !== undefined) view.product_id = item.product_id
  if (item.related_object !== undefined) view.related_object = item.related_object
  if (item.source_id !== undefined) view.source_id = item.source_id
  if (item.quantity !== undefined) view.quantity = item.quantity
  if (item.price !== undefined) view.price = item.price
  if (item.product !== undefined) view.product = item.product
  if (item.sku !== undefined) view.sku = item.sku
  if (item.metadata !== undefined) view.metadata = item.metadata
  return view
}

/**
 * An item after this call's discounts: what it costs now, what came off, and units added or made free.
 * Built field by field (no spreads): a 50-item cart makes 50 of these per answer.
 */
function lineView(line: CartLine): OrderItemView {
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

export function itemView(outcome: ItemOutcome, order: OrderTotalsView, requestId: string): ItemView {
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
        categories: categoriesOf(outcome.request).map((c) => ({ ...c, object: 'category' as const })),
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
export function itemLists(outcome: CheckoutOutcome, order: OrderView, requestId: string) {
  const { items: _items, ...totals } = order
  const views = outcome.items.map((item) => itemView(item, totals, requestId))
  return {
    // PARTIAL mode: `redeemables` holds the applicable ones; the others are in their own arrays (notes §4.3)
    redeemables: outcome.partial ? views.filter((v) => v.status === 'APPLICABLE') : views,
    inapplicable_redeemables: views.filter((v) => v.status === 'INAPPLICABLE'),
    skipped_redeemables: views.filter((v) => v.status === 'SKIPPED'),
  }
}

function resultOf(outcome: Extract<ItemOutcome, { status: 'APPLICABLE' }>): ApplicableView['result'] {
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

/** Which campaign (and, for tiers and stacks, which name) an item belongs to, when known. */
interface CampaignFields {
  campaign_id?: string
  campaign_name?: string
  name?: string
}

function campaignOf(request: ResolvedRedeemable): CampaignFields {
  const facts = request.object === 'voucher' ? request.voucher : request.object === 'promotion_tier' ? request.tier : undefined
  if (facts) {
    const view: CampaignFields = { campaign_id: facts.campaign_id, campaign_name: facts.campaign_name }
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

const emptyList = (): NonNullable<ApplicableView['applicable_to']> => ({ object: 'list', data_ref: 'data', data: [], total: 0 })
