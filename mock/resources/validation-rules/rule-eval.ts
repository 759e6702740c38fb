import type { OrderInput, OrderItemInput } from '../checkout/checkout-model.js'
import { orderAmount } from '../checkout/money.js'

/** One numbered rule of a validation rule (`rules: {"1": {...}, "logic": "1 and 2"}`, the real format). */
export interface RuleCondition {
  name: string
  property?: string | null
  conditions: Record<string, unknown[]>
}

/** What a validation rule is checked against: the call's order and customer, and redemption history. */
export interface RuleFacts {
  order?: OrderInput
  customerMetadata?: Record<string, unknown>
  /** Successful redemptions of this redeemable by this customer so far (0 without a known customer). */
  customerRedemptions(): number
  /** Successful redemptions of the redeemable's campaign so far. */
  campaignRedemptions(): number
  /** Discount given by the redeemable's campaign so far (smallest currency unit). */
  campaignDiscounted(): number
}

/**
 * The rule names this mock evaluates and what each reads. Counts include the redemption being checked
 * (so `$less_than_or_equal: [1]` means "once"); the budget is what the campaign gave before this call.
 */
const VALUES: Record<string, (facts: RuleFacts, rule: RuleCondition) => unknown> = {
  'order.amount': (f) => orderAmount(f.order),
  'order.items.count': (f) => f.order?.items?.length ?? 0,
  'order.items.quantity': (f) => (f.order?.items ?? []).reduce((sum, i) => sum + (typeof i.quantity === 'number' ? i.quantity : 1), 0),
  'order.items.any': (f) => f.order?.items ?? [],
  'order.items.none': (f) => f.order?.items ?? [],
  'order.metadata': (f, r) => propertyOf(f.order?.metadata, r.property),
  'customer.metadata': (f, r) => propertyOf(f.customerMetadata, r.property),
  'redemption.count.per_customer': (f) => f.customerRedemptions() + 1,
  'campaign.redemptions.count': (f) => f.campaignRedemptions() + 1,
  'campaign.orders.amount_discounted': (f) => f.campaignDiscounted(),
}

export const RULE_NAMES = Object.keys(VALUES)
export const OPERATORS = ['$is', '$is_not', '$in', '$not_in', '$more_than', '$more_than_or_equal', '$less_than', '$less_than_or_equal', '$has_value', '$is_unknown', '$contains']

const propertyOf = (map: Record<string, unknown> | undefined, key: string | null | undefined): unknown =>
  map && key && Object.hasOwn(map, key) ? map[key] : undefined

/** Whether one numbered rule holds: every operator of its `conditions` must. */
export function ruleHolds(rule: RuleCondition, facts: RuleFacts): boolean {
  const value = VALUES[rule.name]?.(facts, rule)
  if (rule.name === 'order.items.any' || rule.name === 'order.items.none') {
    const listed = Object.values(rule.conditions).flat()
    const found = (value as OrderItemInput[]).some((item) => listed.some((ref) => itemMatches(item, ref)))
    return rule.name === 'order.items.any' ? found : !found
  }
  return Object.entries(rule.conditions).every(([op, args]) => compare(op, value, args))
}

function compare(op: string, value: unknown, args: unknown[]): boolean {
  const n = Number(args[0])
  switch (op) {
    case '$is':
    case '$in':
      return args.some((a) => same(value, a))
    case '$is_not':
    case '$not_in':
      return !args.some((a) => same(value, a))
    case '$more_than':
      return typeof value === 'number' && value > n
    case '$more_than_or_equal':
      return typeof value === 'number' && value >= n
    case '$less_than':
      return typeof value === 'number' && value < n
    case '$less_than_or_equal':
      return typeof value === 'number' && value <= n
    case '$has_value':
      return value !== undefined && value !== null && value !== ''
    case '$is_unknown':
      return value === undefined || value === null
    case '$contains':
      return typeof value === 'string' ? args.some((a) => value.includes(String(a))) : Array.isArray(value) && args.some((a) => value.includes(a))
    default:
      return false
  }
}

const same = (value: unknown, arg: unknown): boolean => value === arg || (typeof value === 'number' && typeof arg === 'string' && String(value) === arg)

/** A cart item matches `{id, object: 'product'|'sku', source_id}` (or a bare id string) by product, SKU or source id. */
export function itemMatches(item: OrderItemInput, ref: unknown): boolean {
  const r = typeof ref === 'string' ? { id: ref } : ((ref ?? {}) as { id?: string; source_id?: string; object?: string })
  const ids = r.object === 'sku' ? [item.sku_id] : r.object === 'product' ? [item.product_id] : [item.product_id, item.sku_id]
  return (r.id !== undefined && ids.includes(r.id)) || (r.source_id !== undefined && item.source_id === r.source_id)
}
