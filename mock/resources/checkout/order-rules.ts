import type { DiscountDef, Inapplicable, OrderInput, ResolvedRedeemable } from './checkout-model.js'
import { reasons } from './reasons.js'

/** Who is checking out, as far as the redeemables' rules care. */
export interface Buyer {
  /** The customer's `cust_` id (found by id or source_id), else the id sent. */
  customerId?: string
}

/**
 * Rules that depend on the order and the customer rather than on the redeemable alone (the real service's
 * failure codes, real-service-notes §8.5): a money discount needs an order amount, a gift card needs an
 * amount to pay, and a referrer cannot redeem their own referral code.
 */
export function checkOrderNeeds(item: ResolvedRedeemable, order: OrderInput | undefined, buyer: Buyer): Inapplicable | undefined {
  const priced = hasAmount(order)
  switch (item.object) {
    case 'promotion_tier':
      return !priced && needsAmount(item.tier?.discount) ? reasons.missingAmount(item.id) : undefined
    case 'promotion_stack':
      return !priced && item.stack?.tiers.some((t) => needsAmount(t?.discount)) ? reasons.missingAmount(item.id) : undefined
    case 'voucher': {
      const v = item.voucher
      if (!v) return undefined
      if (v.is_referral_code && v.holder_id !== undefined && v.holder_id === buyer.customerId) return reasons.referrerNotPermitted(v.code)
      if (v.type === 'GIFT_VOUCHER' && !priced) return reasons.missingOrderItemsAmount(v.code)
      if (v.type === 'DISCOUNT_VOUCHER' && !priced && needsAmount(v.discount)) return reasons.missingAmount(v.code)
      return undefined
    }
  }
}

/** PERCENT and AMOUNT discounts are computed from the order's amount; other kinds may not need one. */
const needsAmount = (discount: DiscountDef | null | undefined): boolean => discount?.type === 'PERCENT' || discount?.type === 'AMOUNT'

/** An order the service can price: `amount` sent, or an item with an amount or a price. */
function hasAmount(order: OrderInput | undefined): boolean {
  if (typeof order?.amount === 'number') return true
  return (order?.items ?? []).some((item) => typeof item.amount === 'number' || typeof item.price === 'number')
}
