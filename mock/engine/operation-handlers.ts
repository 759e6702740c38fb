import { categoryHandlers } from '../resources/categories/category-handlers.js'
import { campaignHandlers } from '../resources/campaigns/campaign-handlers.js'
import { voucherHandlers } from '../resources/vouchers/voucher-handlers.js'
import { oauthHandlers } from '../resources/oauth/oauth-handlers.js'
import { checkoutHandlers } from '../resources/checkout/checkout-handlers.js'
import { managementHandlers, managementListHandlers } from '../resources/management/management-handlers.js'
import { rewardHandlers } from '../resources/rewards/reward-handlers.js'
import { referralHandlers } from '../resources/referrals/referral-handlers.js'
import { exportHandlers } from '../resources/exports/export-handlers.js'
import { clientHandlers } from '../resources/client/client-handlers.js'
import { asyncActionHandlers } from '../resources/async-actions/async-action-handlers.js'
import { promotionHandlers } from '../resources/promotions/promotion-handlers.js'
import { redemptionHandlers } from '../resources/redemptions/redemption-handlers.js'
import { validationRuleHandlers } from '../resources/validation-rules/rule-handlers.js'
import { withCampaignType } from '../resources/campaigns/campaign-type.js'
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
 * service infers a campaign's type when Create Campaign leaves `campaign_type` out (mock/resources/campaigns/campaign-type.ts).
 */
export const requestBodyDefaults: Partial<Record<OperationId, (body: unknown) => unknown>> = {
  createCampaign: withCampaignType,
}
