import type { Inapplicable, ResolvedRedeemable, TierFacts, VoucherFacts } from './checkout-model.js'
import { reasons } from './reasons.js'
import { checkValidity } from './validity.js'

/**
 * Why a requested redeemable cannot be applied, independent of the order's money (that comes later).
 * Undefined means it passes every rule of issue 5: existence, activity, dates, recurring windows,
 * redemption quantity, gift balance, loyalty points and reward assignment.
 */
export function checkRedeemable(item: ResolvedRedeemable, now: number): Inapplicable | undefined {
  switch (item.object) {
    case 'voucher':
      return item.voucher ? checkVoucher(item, item.voucher, now) : reasons.notFound('voucher', item.id)
    case 'promotion_tier':
      return item.tier ? checkTier(item.tier, now) : reasons.notFound('promotion_tier', item.id)
    case 'promotion_stack': {
      const stack = item.stack
      if (!stack) return reasons.notFound('promotion_stack', item.id)
      for (const [i, tier] of stack.tiers.entries()) {
        const failure = tier ? checkTier(tier, now) : reasons.notFound('promotion_tier', stack.tier_ids[i])
        if (failure) return failure
      }
      return undefined
    }
  }
}

function checkTier(tier: TierFacts, now: number): Inapplicable | undefined {
  const verdict = checkValidity(tier, now)
  if (verdict === 'inactive') return reasons.promotionInactive(tier.id)
  if (verdict !== 'ok') return reasons.promotionNotActiveNow(tier.id)
  return undefined
}

type VoucherItem = Extract<ResolvedRedeemable, { object: 'voucher' }>

function checkVoucher(item: VoucherItem, v: VoucherFacts, now: number): Inapplicable | undefined {
  switch (checkValidity(v, now)) {
    case 'inactive':
      return reasons.voucherDisabled(v.code)
    case 'not_started':
      return reasons.voucherNotActive(v.code, v.start_date ?? '')
    case 'expired':
      return reasons.voucherExpired(v.code, v.expiration_date ?? '')
    case 'not_now':
      return reasons.voucherNotActiveNow(v.code)
    case 'ok':
      break
  }
  if (v.quantity !== null && v.redeemed_quantity >= v.quantity) return reasons.quantityExceeded(v.code, v.quantity, v.locked_quantity)
  if (v.type === 'GIFT_VOUCHER' && item.gift) {
    const balance = v.gift_balance ?? 0
    if (item.gift.credits > balance) return reasons.giftAmountExceeded(v.code, balance, item.gift.credits)
  }
  if (v.type === 'LOYALTY_CARD') return checkLoyalty(item, v)
  return undefined
}

function checkLoyalty(item: VoucherItem, v: VoucherFacts): Inapplicable | undefined {
  if (!item.reward) return reasons.missingReward(v.code)
  const reward = item.rewardFacts
  if (!reward) return reasons.notFound('reward', item.reward.id)
  if (reward.assigned_points === undefined) return reasons.rewardNotAssigned(reward.id, v.campaign_id)
  const balance = v.loyalty_balance ?? 0
  const points = pointsAsked(item)
  if (points > balance) return reasons.pointsExceeded(v.code, balance, points)
  return undefined
}

/**
 * Points a loyalty item asks for before the order caps them: a pay-with-points reward spends
 * `reward.points` (all that is needed when omitted, decided with the order); any other reward costs
 * its assignment's price.
 */
export function pointsAsked(item: VoucherItem): number {
  const reward = item.rewardFacts
  if (reward?.point_value !== undefined) return item.reward?.points ?? 0
  return reward?.assigned_points ?? 0
}
