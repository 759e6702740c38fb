import { categoryHandlers } from './categories/category-handlers.js'
import { campaignHandlers } from './campaigns/campaign-handlers.js'
import { voucherHandlers } from './vouchers/voucher-handlers.js'
import { oauthHandlers } from './oauth/oauth-handlers.js'
import { checkoutHandlers } from './checkout/checkout-handlers.js'
import { managementHandlers, managementListHandlers } from './management/management-handlers.js'
import { rewardHandlers } from './rewards/reward-handlers.js'
import { referralHandlers } from './referrals/referral-handlers.js'
import { exportHandlers } from './exports/export-handlers.js'
import { clientHandlers } from './client/client-handlers.js'
import { asyncActionHandlers } from './async-actions/async-action-handlers.js'
import { promotionHandlers } from './promotions/promotion-handlers.js'
import { redemptionHandlers } from './redemptions/redemption-handlers.js'
import { validationRuleHandlers } from './validation-rules/rule-handlers.js'
import { withCampaignType } from './campaigns/campaign-type.js'
import type { TypedHandlers } from './typed-handlers.js'
import type { OperationId } from './spec-shapes.js'

/** Every operation's handler, keyed by the spec's operationId (one import per resource); the type check fails when one is missing. */
export const operationHandlers = {
  ...categoryHandlers,
  ...campaignHandlers,
  ...voucherHandlers,
  ...oauthHandlers,
  ...checkoutHandlers,
  ...rewardHandlers,
  ...managementHandlers,
  ...managementListHandlers,
  ...referralHandlers,
  ...exportHandlers,
  ...clientHandlers,
  ...asyncActionHandlers,
  ...redemptionHandlers,
  ...promotionHandlers,
  ...validationRuleHandlers,
} satisfies TypedHandlers<OperationId>

/**
 * Defaults the spec's request schemas cannot express, filled into a body before it is validated: the real
 * service infers a campaign's type when Create Campaign leaves `campaign_type` out (mock/campaigns/campaign-type.ts).
 */
export const requestBodyDefaults: Partial<Record<OperationId, (body: unknown) => unknown>> = {
  createCampaign: withCampaignType,
}
