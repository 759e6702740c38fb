import type { CampaignType } from './campaign-types.js'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The type of a Create Campaign body that leaves `campaign_type` out, as the real service reads it: its create
 * schema gives each variant its type as the default, and its SDK tests create a discount campaign from `name`
 * and `voucher` alone. A `promotion` makes a PROMOTION, a `referral_program` (or a referral voucher) a
 * REFERRAL_PROGRAM, otherwise `voucher.type` decides; undefined when nothing does.
 */
export function inferCampaignType(body: Record<string, unknown>): CampaignType | undefined {
  if (body.promotion !== undefined) return 'PROMOTION'
  const voucher = isRecord(body.voucher) ? body.voucher : {}
  if (body.referral_program !== undefined || (voucher.type === 'DISCOUNT_VOUCHER' && voucher.is_referral_code === true)) return 'REFERRAL_PROGRAM'
  switch (voucher.type) {
    case 'DISCOUNT_VOUCHER': return 'DISCOUNT_COUPONS'
    case 'GIFT_VOUCHER': return 'GIFT_VOUCHERS'
    case 'LOYALTY_CARD': return 'LOYALTY_PROGRAM'
    default: return undefined
  }
}

/** createCampaign's body before it is validated: the inferred `campaign_type` filled in (a copy; the request's own body is left alone). */
export function withCampaignType(body: unknown): unknown {
  if (!isRecord(body) || body.campaign_type !== undefined) return body
  const campaignType = inferCampaignType(body)
  return campaignType ? { ...body, campaign_type: campaignType } : body
}
