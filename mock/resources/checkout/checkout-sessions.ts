import type { CheckoutOutcome, ResolvedRedeemable } from './checkout-model.js'
import type { Hold, SessionLocks } from './session-locks.js'

/**
 * Takes what other live sessions reserved off the facts the engine reads: their uses count as redeemed,
 * their credits and points as spent. The ordinary rules then answer quantity_exceeded,
 * gift_amount_exceeded or loyalty_card_points_exceeded, and a gift card pays only with what is left.
 * The facts are this call's own copies (checkout-resolver.ts), so the stores are untouched.
 */
export function withoutOthersLocks(items: ResolvedRedeemable[], locks: SessionLocks | undefined, now: number, ownKey: string | undefined): void {
  if (!locks) return
  for (const item of items) {
    if (item.object !== 'voucher' || !item.voucher) continue
    const v = item.voucher
    const held = locks.heldByOthers(v.id, now, ownKey)
    if (held.uses === 0 && held.credits === 0 && held.points === 0) continue
    v.redeemed_quantity += held.uses
    v.locked_quantity = held.uses
    if (v.gift_balance !== undefined) v.gift_balance = Math.max(0, v.gift_balance - held.credits)
    if (v.loyalty_balance !== undefined) v.loyalty_balance = Math.max(0, v.loyalty_balance - held.points)
  }
}

/** What a valid validation reserves: one use of each applicable voucher, and the credits and points it takes. */
export function holdsOf(outcome: CheckoutOutcome): Map<string, Hold> {
  const holds = new Map<string, Hold>()
  for (const item of outcome.items) {
    if (item.status !== 'APPLICABLE' || item.request.object !== 'voucher' || !item.request.voucher) continue
    holds.set(item.request.voucher.id, { uses: 1, credits: item.applied.credits ?? 0, points: item.applied.points ?? 0 })
  }
  return holds
}
