import type { components } from '../../../src/types/openapi.js'
import { enumValues } from '../../../src/types/enum-values.js'
import type { Campaign, CampaignsList, CampaignType, PromotionTier } from '../../../src/types/index.js'
import type { Category } from '../categories/category-store.js'
import type { ExplicitVoucher, VoucherTemplate } from '../vouchers/voucher-types.js'

type Schemas = components['schemas']

/** Areas and stores a campaign is assigned to (Areas and Stores feature), as `access_settings.assign` sent them; every list kept. */
export type CampaignAccess = Required<Schemas['AccessSettingsIds']>

// The campaign shapes come from the spec's generated types (src/types/openapi.ts, npm run gen:types);
// the mock's campaign code names them from here.
export type { Campaign, CampaignsList, CampaignType, PromotionTier }
export type CampaignStatus = Schemas['CampaignStatus']
export type CampaignCreateRequest = Schemas['CampaignCreateRequest']
/** The spec's CampaignType values at run time, in the order error messages list them. */
export const CAMPAIGN_TYPES = enumValues<CampaignType>({ DISCOUNT_COUPONS: true, REFERRAL_PROGRAM: true, GIFT_VOUCHERS: true, LOYALTY_PROGRAM: true, PROMOTION: true })
type Json = Record<string, unknown>

/** Fields shared by campaigns and tiers that are copied as sent (dates, validity windows); stored without nulls. */
export interface Validity {
  start_date?: string
  expiration_date?: string
  validity_timeframe?: Schemas['ValidityTimeframe']
  validity_day_of_week?: Schemas['ValidityDayOfWeek']
  validity_hours?: Schemas['ValidityHours']
}

/** A promotion tier sent with a promotion campaign. */
export type TierInput = Schemas['PromotionTierCreate']
type CreateCommon = Schemas['CampaignCreateCommon']

/**
 * The createCampaign body as the builder reads it: the spec's five CampaignCreateRequest variants merged,
 * every field optional. A validated request body fits it, and so do fixture campaigns and the seed
 * generator's bodies, which the builder checks alike (its messages name what a campaign type lacks).
 */
export interface CampaignInput extends CreateCommon {
  campaign_type?: CampaignType
  referral_program?: Schemas['ReferralProgram']
  voucher?: {
    type?: Schemas['VoucherType']
    discount?: Schemas['DiscountCreate']
    gift?: Schemas['GiftCreate']
    loyalty_card?: Schemas['LoyaltyCardCreate']
    redemption?: Schemas['RedemptionLimitCreate']
    code_config?: Schemas['CodeConfigCreate']
    is_referral_code?: boolean
  }
  promotion?: { tiers?: TierInput[] }
}

/** A campaign from a fixture file: fixed ids and timestamps, and its vouchers given explicitly or by count. */
export interface CampaignFixture extends CampaignInput {
  id: string
  name: string
  created_at: string
  updated_at?: string
  vouchers?: ExplicitVoucher[]
  promotion?: { tiers?: (TierInput & { id?: string; created_at?: string })[] }
}

/** A validation rule assigned on create, to a campaign or one of its tiers. */
export type RuleAssignment = Schemas['ValidationRuleAssignment'] & { related_object_type: 'promotion_tier' | 'campaign'; created_at: string }

export interface StoredTier extends Validity {
  id: string
  createdAt: number
  name: string
  banner?: string
  action?: PromotionTier['action']
  metadata: Json
  hierarchy: number
  active: boolean
  category: Category | null
  assignments: RuleAssignment[]
  summary: { redeemed: number; orderAmount: number; discountAmount: number }
}

/** What the store keeps; responses are built from it on every read (status derives from the clock). */
export interface StoredCampaign extends Validity {
  seq: number
  id: string
  name: string
  description?: string
  campaign_type: CampaignType
  type: Campaign['type']
  join_once: boolean
  auto_join: boolean
  use_voucher_metadata_schema: boolean
  protected: boolean
  active: boolean
  activity_duration_after_publishing?: string
  metadata: Json
  category: Category | null
  voucher?: VoucherTemplate
  vouchersCount: number
  referral_program?: Schemas['ReferralProgram']
  tiers?: StoredTier[]
  assignments: RuleAssignment[]
  /** Areas and stores assigned on create (`access_settings.assign`). */
  access?: CampaignAccess
  createdAt: number
  updatedAt: number | null
  readyAt: number
  /** Set once deleteCampaign is accepted: the campaign goes when the clock reaches `at`. */
  deletion?: PendingDeletion
}

/** An accepted deletion: its async action, when it completes, and whether the name and codes are freed. */
export interface PendingDeletion {
  actionId: string
  at: number
  force: boolean
}
