import type { StackingRules } from '../stacks/stacking-rules.js'
import type { Applied, CategoryRef, CheckoutOutcome, Inapplicable, ItemOutcome, OrderInput, ResolvedRedeemable, SkipKey } from './checkout-model.js'
import { Cart } from './cart.js'
import { orderTotals } from './money.js'

/** What one redeemable takes off the cart (the engine's applyOne). */
export type ApplyOne = (request: ResolvedRedeemable, cart: Cart) => Applied

export interface StackingInput {
  items: ResolvedRedeemable[]
  /** Per item, why it cannot be applied at all (undefined: it can). */
  failures: (Inapplicable | undefined)[]
  order?: OrderInput
  rules: StackingRules
}

type Skipped = Extract<ItemOutcome, { status: 'SKIPPED' }>
const skip = (request: ResolvedRedeemable, key: SkipKey, message: string): Skipped => ({ status: 'SKIPPED', request, skipKey: key, skipMessage: message })

/**
 * Applies the project's stacking rules (real-service-notes §5). With `redeemables_application_mode` ALL,
 * one inapplicable redeemable makes the call invalid and the others SKIPPED (preceding_validation_failed);
 * with PARTIAL the inapplicable ones are left out and the rest applies. Then, in application order:
 * exclusive categories (and their limits), the applicable limit, the per-category limits, and the
 * no-effect rule each turn an item SKIPPED with the real service's `result.details.key`.
 */
export function applyStacking(input: StackingInput, applyOne: ApplyOne): CheckoutOutcome {
  const { items, failures, rules } = input
  const partial = rules.redeemables_application_mode === 'PARTIAL'
  const outcomes = new Array<ItemOutcome>(items.length)
  const failed = failures.some(Boolean)
  items.forEach((request, i) => {
    const reason = failures[i]
    if (reason) outcomes[i] = { status: 'INAPPLICABLE', request, reason }
    else if (failed && !partial) outcomes[i] = skip(request, 'preceding_validation_failed', 'Redeemable cannot be applied due to preceding validation failure')
  })
  if (failed && !partial) return { valid: false, items: outcomes, totals: orderTotals(input.order, 0) }

  const sequence = applicationOrder(items, rules).filter((i) => !failures[i])
  excludeByCategory(sequence, items, rules, outcomes)
  const cart = new Cart(input.order)
  let used = 0
  const perCategory = new Map<string, number>()
  for (const index of sequence) {
    if (outcomes[index]) continue
    const request = items[index]
    if (used >= rules.applicable_redeemables_limit) {
      outcomes[index] = skip(request, 'applicable_redeemables_limit_exceeded', `Only ${rules.applicable_redeemables_limit} redeemables can be applied`)
      continue
    }
    // exclusive categories have their own per-category limit (checked in excludeByCategory)
    const counted = categoryIds(request).filter((id) => !rules.exclusive_categories.includes(id))
    const full = counted.find((id) => (perCategory.get(id) ?? 0) >= categoryLimit(rules, id))
    if (full) {
      outcomes[index] = skip(request, 'applicable_redeemables_per_category_limit_exceeded', `Only ${categoryLimit(rules, full)} redeemables of category ${full} can be applied`)
      continue
    }
    const effect = applyOne(request, cart)
    if (!hasEffect(effect) && skipsWithoutEffect(request, rules)) {
      outcomes[index] = skip(request, 'no_effect', 'Redeemable has no effect on the order')
      continue
    }
    used++
    for (const id of counted) perCategory.set(id, (perCategory.get(id) ?? 0) + 1)
    outcomes[index] = { status: 'APPLICABLE', request, applied: effect }
  }
  const valid = outcomes.some((o) => o.status === 'APPLICABLE') && (partial || !failed)
  return { valid, items: outcomes, totals: cart.totals(), lines: cart.lines, ...(partial ? { partial } : {}) }
}

/**
 * Exclusive categories: at most `applicable_exclusive_redeemables_limit` exclusive redeemables (and the
 * per-category limit within each exclusive category); once one applies, only redeemables of joint
 * categories may join it, the others are SKIPPED (exclusion_rules_not_met).
 */
function excludeByCategory(sequence: number[], items: ResolvedRedeemable[], rules: StackingRules, outcomes: ItemOutcome[]): void {
  if (rules.exclusive_categories.length === 0) return
  const exclusiveOf = (i: number) => categoryIds(items[i]).filter((id) => rules.exclusive_categories.includes(id))
  let chosen = 0
  const perCategory = new Map<string, number>()
  const perCategoryLimit = rules.applicable_exclusive_redeemables_per_category_limit ?? 1
  for (const i of sequence) {
    const exclusive = exclusiveOf(i)
    if (exclusive.length === 0) continue
    if (chosen >= rules.applicable_exclusive_redeemables_limit) {
      outcomes[i] = skip(items[i], 'applicable_exclusive_redeemables_limit_exceeded', `Only ${rules.applicable_exclusive_redeemables_limit} exclusive redeemables can be applied`)
      continue
    }
    const full = exclusive.find((id) => (perCategory.get(id) ?? 0) >= perCategoryLimit)
    if (full) {
      outcomes[i] = skip(items[i], 'applicable_exclusive_redeemables_per_category_limit_exceeded', `Only ${perCategoryLimit} exclusive redeemables of category ${full} can be applied`)
      continue
    }
    chosen++
    for (const id of exclusive) perCategory.set(id, (perCategory.get(id) ?? 0) + 1)
  }
  if (chosen === 0) return
  for (const i of sequence) {
    if (outcomes[i] || exclusiveOf(i).length > 0) continue
    if (!categoryIds(items[i]).some((id) => rules.joint_categories.includes(id))) {
      outcomes[i] = skip(items[i], 'exclusion_rules_not_met', 'Redeemable cannot be applied together with an exclusive redeemable')
    }
  }
}

function categoryLimit(rules: StackingRules, categoryId: string): number {
  const limits = rules.applicable_redeemables_category_limits
  return Object.hasOwn(limits, categoryId) ? limits[categoryId] : rules.applicable_redeemables_per_category_limit
}

/** Something changed: money off the order, gift credits or loyalty points taken. */
const hasEffect = (effect: Applied): boolean => effect.amount > 0 || (effect.credits ?? 0) > 0 || (effect.points ?? 0) > 0

function skipsWithoutEffect(request: ResolvedRedeemable, rules: StackingRules): boolean {
  const ids = categoryIds(request)
  if (ids.some((id) => rules.no_effect_skip_categories.includes(id))) return true
  if (ids.some((id) => rules.no_effect_redeem_anyway_categories.includes(id))) return false
  return rules.redeemables_no_effect_rule === 'SKIP'
}

/**
 * Indexes in application order: discounts first, then payments (gift credits, loyalty points) on what is
 * left to pay. Within each group, CATEGORY_HIERARCHY puts lower category hierarchy first (no category
 * last); otherwise the requested order. Array sort is stable, so ties keep the requested order.
 */
export function applicationOrder(items: ResolvedRedeemable[], rules: Pick<StackingRules, 'redeemables_sorting_rule'>): number[] {
  const isPayment = (i: number): number => {
    const item = items[i]
    return item.object === 'voucher' && (item.voucher?.type === 'GIFT_VOUCHER' || item.voucher?.type === 'LOYALTY_CARD') ? 1 : 0
  }
  const byHierarchy = rules.redeemables_sorting_rule === 'CATEGORY_HIERARCHY'
  return items
    .map((_, i) => i)
    .sort((a, b) => isPayment(a) - isPayment(b) || (byHierarchy ? hierarchyOf(items[a]) - hierarchyOf(items[b]) : 0))
}

export function categoriesOf(item: ResolvedRedeemable): CategoryRef[] {
  if (item.object === 'voucher') return item.voucher?.categories ?? []
  if (item.object === 'promotion_tier') return item.tier?.categories ?? []
  return item.stack?.categories ?? []
}

const categoryIds = (item: ResolvedRedeemable): string[] => categoriesOf(item).map((c) => c.id)

function hierarchyOf(item: ResolvedRedeemable): number {
  const categories = categoriesOf(item)
  return categories.length ? Math.min(...categories.map((c) => c.hierarchy)) : Number.POSITIVE_INFINITY
}
