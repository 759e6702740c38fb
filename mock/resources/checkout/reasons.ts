import type { Inapplicable } from './checkout-model.js'

// Keys and messages follow the real service's error catalogue; each becomes result.error and result.details.
const simple = (key: string, message: string, details: string, code: Inapplicable['code'] = 400): Inapplicable => ({ key, message, details, code })

export const reasons = {
  notFound: (resourceType: string, id: string, details?: string): Inapplicable => ({
    key: 'not_found',
    detailsKey: 'resource_not_found',
    message: 'Resource not found',
    details: details ?? `Cannot find ${resourceType} with id ${id}`,
    code: 404,
    resourceType,
    resourceId: id,
  }),
  voucherDisabled: (code: string) => simple('voucher_disabled', 'Voucher is disabled', `Voucher ${code} is disabled (inactive voucher or campaign)`),
  voucherNotActive: (code: string, start: string) => simple('voucher_not_active', 'Voucher not active', `Voucher ${code} is valid from ${start}`),
  voucherExpired: (code: string, end: string) => simple('voucher_expired', 'Voucher expired', `Voucher ${code} expired at ${end}`),
  voucherNotActiveNow: (code: string) =>
    simple('voucher_not_active_now', 'Voucher not active now', `Voucher ${code} is outside its validity_timeframe or validity_day_of_week`),
  quantityExceeded: (code: string, quantity: number, locked = 0) =>
    simple(
      'quantity_exceeded',
      'Quantity exceeded',
      locked > 0
        ? `Voucher ${code} has ${quantity} redemptions, ${locked} of them reserved by another session's lock`
        : `Voucher ${code} has been redeemed ${quantity} of ${quantity} times`,
    ),
  giftAmountExceeded: (code: string, balance: number, credits: number) =>
    simple('gift_amount_exceeded', 'Gift amount exceeded', `Gift card ${code} balance (${balance}) is lower than the requested credits (${credits})`),
  pointsExceeded: (code: string, balance: number, points: number) =>
    simple('loyalty_card_points_exceeded', 'Loyalty card points exceeded', `Loyalty card ${code} has ${balance} points, fewer than the ${points} required`),
  missingReward: (code: string) =>
    simple('missing_reward', 'Missing reward', `Loyalty card ${code} is redeemed through a reward: send reward.id`),
  rewardNotAssigned: (rewardId: string, campaignId: string) =>
    reasons.notFound('reward_assignment', rewardId, `Reward ${rewardId} is not assigned to campaign ${campaignId}`),
  promotionInactive: (id: string) => simple('promotion_inactive', 'Promotion inactive', `Promotion tier ${id} or its campaign is inactive`),
  promotionNotActiveNow: (id: string) =>
    simple('promotion_not_active_now', 'Promotion not active now', `Promotion tier ${id} is outside its start/expiration dates, validity_timeframe or validity_day_of_week`),
  referrerNotPermitted: (code: string) =>
    simple('referrer_not_permitted_to_redeem', 'Referrer not permitted to redeem', `Referral code ${code} belongs to this customer: a referrer cannot redeem their own code`),
  missingAmount: (id: string) => simple('missing_amount', 'Missing amount', `${id} takes a discount off the order: send order.amount or order.items with amount or price`),
  missingOrderItemsAmount: (code: string) =>
    simple('missing_order_items_amount', 'Missing order items amount', `Gift card ${code} pays for the order: send order.amount or order.items with amount or price`),
  duplicated: (id: string) =>
    simple('duplicated_redeemables', 'Duplicated redeemables', `${id} refers to a redeemable already present in this request`),
}
