import type {
  Applied,
  CategoryRef,
  CheckoutOutcome,
  ItemOutcome,
  OrderInput,
  ResolvedRedeemable,
  StackingSettings,
} from './checkout-model.js'
import { Cart } from './cart.js'
import { applyDiscount } from './item-discounts.js'
import { clamp, orderTotals } from './money.js'
import { reasons } from './reasons.js'
import { checkRedeemable, pointsAsked } from './redeemable-rules.js'

export interface CheckoutInput {
  items: ResolvedRedeemable[]
  order?: OrderInput
  settings: StackingSettings
  now: number
}

export const DEFAULT_STACKING: StackingSettings = { redeemables_sorting_rule: 'REQUESTED_ORDER', applicable_redeemables_limit: 5 }

const PRECEDING_FAILED = 'preceding_validation_failed'

/**
 * Decides every redeemable's status and what it takes off the order. The mode is the real service's
 * `redeemables_application_mode: ALL`: one inapplicable redeemable makes the call invalid and the others
 * SKIPPED (preceding_validation_failed), so a redemption is all-or-nothing.
 */
export function evaluateCheckout(input: CheckoutInput): CheckoutOutcome {
  const failures = input.items.map((item) => checkRedeemable(item, input.now))
  markDuplicates(input.items, failures)
  if (failures.some(Boolean)) {
    const items: ItemOutcome[] = input.items.map((request, i) => {
      const reason = failures[i]
      return reason
        ? { status: 'INAPPLICABLE', request, reason }
        : { status: 'SKIPPED', request, skipKey: PRECEDING_FAILED, skipMessage: 'Redeemable cannot be applied due to preceding validation failure' }
    })
    return { valid: false, items, totals: orderTotals(input.order, 0) }
  }
  return applyAll(input)
}

function applyAll(input: CheckoutInput): CheckoutOutcome {
  const outcomes = new Array<ItemOutcome>(input.items.length)
  const sequence = applicationOrder(input.items, input.settings)
  const cart = new Cart(input.order)
  let used = 0
  for (const index of sequence) {
    const request = input.items[index]
    if (used >= input.settings.applicable_redeemables_limit) {
      outcomes[index] = {
        status: 'SKIPPED',
        request,
        skipKey: 'applicable_redeemables_limit_exceeded',
        skipMessage: `Only ${input.settings.applicable_redeemables_limit} redeemables can be applied`,
      }
      continue
    }
    used++
    outcomes[index] = { status: 'APPLICABLE', request, applied: applyOne(request, cart) }
  }
  return { valid: true, items: outcomes, totals: cart.totals(), lines: cart.lines }
}

/** What one redeemable takes off the cart (the order still to pay, and its items). */
export function applyOne(request: ResolvedRedeemable, cart: Cart): Applied {
  switch (request.object) {
    case 'promotion_tier':
      return applyDiscount(cart, request.tier?.discount)
    case 'promotion_stack': {
      const tiers: NonNullable<Applied['tiers']> = []
      let amount = 0
      let itemsAmount = 0
      for (const tier of request.stack?.tiers ?? []) {
        if (!tier) continue
        const applied = applyDiscount(cart, tier.discount)
        amount += applied.amount
        itemsAmount += applied.itemsAmount ?? 0
        tiers.push({ tier, amount: applied.amount })
      }
      return { amount, tiers, itemsAmount }
    }
    case 'voucher': {
      const v = request.voucher
      if (v?.type === 'GIFT_VOUCHER') {
        const wanted = request.gift?.credits ?? v.gift_balance ?? 0
        const credits = cart.takeOffOrder(Math.min(wanted, v.gift_balance ?? 0))
        return { amount: credits, credits }
      }
      if (v?.type === 'LOYALTY_CARD') {
        const applied = applyLoyalty(request, cart.remaining())
        cart.takeOffOrder(applied.amount)
        return applied
      }
      return applyDiscount(cart, v?.discount)
    }
  }
}

function applyLoyalty(request: Extract<ResolvedRedeemable, { object: 'voucher' }>, remaining: number): Applied {
  const value = request.rewardFacts?.point_value
  if (value === undefined) return { amount: 0, points: pointsAsked(request) }
  // Pay with points: spend only the points the order needs; without reward.points, as many as needed.
  const balance = request.voucher?.loyalty_balance ?? 0
  const offered = request.reward?.points ?? balance
  const amount = value > 0 ? clamp(offered * value, remaining) : 0
  // The epsilon keeps float noise (5 / 0.01 = 500.00000000000006) from charging an extra point.
  return { amount, points: value > 0 ? Math.ceil(amount / value - 1e-9) : 0 }
}

/**
 * Indexes in application order: discounts first, then payments (gift credits, loyalty points) on what is
 * left to pay. Within each group, CATEGORY_HIERARCHY puts lower category hierarchy first (no category
 * last); otherwise the requested order. Array sort is stable, so ties keep the requested order.
 */
export function applicationOrder(items: ResolvedRedeemable[], settings: StackingSettings): number[] {
  const isPayment = (i: number): number => {
    const item = items[i]
    return item.object === 'voucher' && (item.voucher?.type === 'GIFT_VOUCHER' || item.voucher?.type === 'LOYALTY_CARD') ? 1 : 0
  }
  const byHierarchy = settings.redeemables_sorting_rule === 'CATEGORY_HIERARCHY'
  return items
    .map((_, i) => i)
    .sort((a, b) => isPayment(a) - isPayment(b) || (byHierarchy ? hierarchyOf(items[a]) - hierarchyOf(items[b]) : 0))
}

function hierarchyOf(item: ResolvedRedeemable): number {
  const categories: CategoryRef[] =
    (item.object === 'voucher' ? item.voucher?.categories : item.object === 'promotion_tier' ? item.tier?.categories : item.stack?.categories) ?? []
  return categories.length ? Math.min(...categories.map((c) => c.hierarchy)) : Number.POSITIVE_INFINITY
}

/**
 * A voucher sent as code and again as its v_ id, or a tier sent alone and inside a stack, is one
 * redeemable twice: the later mention is inapplicable (identical items are a 400 before this point).
 */
function markDuplicates(items: ResolvedRedeemable[], failures: (ReturnType<typeof checkRedeemable>)[]): void {
  const seen = new Set<string>()
  items.forEach((item, i) => {
    const keys = identities(item)
    if (keys.some((k) => seen.has(k)) && !failures[i]) failures[i] = reasons.duplicated(item.id)
    for (const k of keys) seen.add(k)
  })
}

function identities(item: ResolvedRedeemable): string[] {
  switch (item.object) {
    case 'voucher':
      return [`voucher:${item.voucher?.id ?? item.id}`]
    case 'promotion_tier':
      return [`tier:${item.id}`]
    case 'promotion_stack':
      return [`stack:${item.id}`, ...(item.stack?.tier_ids ?? []).map((id) => `tier:${id}`)]
  }
}
