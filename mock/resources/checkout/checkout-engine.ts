import { DEFAULT_STACKING_RULES } from '../stacks/stacking-rules.js'
import type { Applied, CheckoutOutcome, Inapplicable, OrderInput, ResolvedRedeemable, StackingSettings } from './checkout-model.js'
import { Cart } from './cart.js'
import { applyDiscount, type LineFilter } from './item-discounts.js'
import { clamp } from './money.js'
import { checkOrderNeeds, type Buyer } from './order-rules.js'
import { reasons } from './reasons.js'
import { checkRedeemable, pointsAsked } from './redeemable-rules.js'
import { applyStacking } from './stacking-apply.js'

export interface CheckoutInput {
  items: ResolvedRedeemable[]
  order?: OrderInput
  settings: StackingSettings
  now: number
  /** The customer checking out (order-rules.ts: a referrer may not redeem their own code). */
  buyer?: Buyer
  /** Checks beyond the redeemable's own (validation rules); runs only for items that pass those. */
  checkRules?: (item: ResolvedRedeemable) => Inapplicable | undefined
  /** The order items an item-level discount of `item` may touch (validation rules' applicable_to); all when undefined. */
  linesFor?: (item: ResolvedRedeemable) => LineFilter | undefined
}

export const DEFAULT_STACKING: StackingSettings = DEFAULT_STACKING_RULES

/**
 * Decides every redeemable's status and what it takes off the order: the redeemable rules first (not
 * found, inactive, used up…), then the project's stacking rules (stacking-apply.ts).
 */
export function evaluateCheckout(input: CheckoutInput): CheckoutOutcome {
  const failures = input.items.map((item) => checkRedeemable(item, input.now) ?? checkOrderNeeds(item, input.order, input.buyer ?? {}) ?? input.checkRules?.(item))
  markDuplicates(input.items, failures)
  return applyStacking({ items: input.items, failures, order: input.order, rules: input.settings }, (request, cart) => applyOne(request, cart, input.linesFor?.(request)))
}

/** What one redeemable takes off the cart (the order still to pay, and its items). */
export function applyOne(request: ResolvedRedeemable, cart: Cart, lines?: LineFilter): Applied {
  switch (request.object) {
    case 'promotion_tier':
      return applyDiscount(cart, request.tier?.discount, lines)
    case 'promotion_stack': {
      const tiers: NonNullable<Applied['tiers']> = []
      let amount = 0
      let itemsAmount = 0
      for (const tier of request.stack?.tiers ?? []) {
        if (!tier) continue
        const applied = applyDiscount(cart, tier.discount, lines)
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
      return applyDiscount(cart, v?.discount, lines)
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
