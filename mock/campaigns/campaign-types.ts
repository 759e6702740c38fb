import type { CampaignType } from '../../src/types/index.js'
import type { Category } from '../categories/category-store.js'
import type { CampaignAccess } from './campaign-access.js'
import type { CodeConfigInput } from '../vouchers/code-generator.js'
import type { ExplicitVoucher, VoucherTemplate } from '../vouchers/voucher-types.js'

export type { CampaignType }
/** The spec's CampaignType values at run time (the type itself comes from the spec's generated types). */
export const CAMPAIGN_TYPES: readonly CampaignType[] = ['DISCOUNT_COUPONS', 'REFERRAL_PROGRAM', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM', 'PROMOTION']
export type CampaignStatus = 'DONE' | 'IN_PROGRESS' | 'FAILED' | 'DRAFT' | 'MODIFYING'
type Json = Record<string, unknown>

/** Fields shared by campaigns and tiers that are copied as sent (dates, validity windows). */
export interface Validity {
  start_date?: string
  expiration_date?: string
  validity_timeframe?: Json
  validity_day_of_week?: number[]
  validity_hours?: Json
}

export interface TierInput extends Validity {
  name: string
  banner?: string
  action?: { discount?: Json }
  metadata?: Json
  validation_rules?: string[]
  active?: boolean
  hierarchy?: number
  category?: string
  category_id?: string
}

/** The createCampaign body (all five variants; the spec has validated its shape already). */
export interface CampaignInput extends Validity {
  name?: string
  description?: string
  campaign_type?: CampaignType
  type?: 'AUTO_UPDATE' | 'STATIC' | 'STANDALONE'
  join_once?: boolean
  auto_join?: boolean
  use_voucher_metadata_schema?: boolean
  active?: boolean
  vouchers_count?: number
  activity_duration_after_publishing?: string
  category?: string
  category_id?: string
  metadata?: Json
  validation_rules?: string[]
  referral_program?: Json
  voucher?: {
    type?: VoucherTemplate['type']
    discount?: Json
    gift?: { amount: number; balance?: number; effect?: string }
    loyalty_card?: { points: number; expiration_rules?: Json }
    redemption?: { quantity?: number | null }
    code_config?: CodeConfigInput
    is_referral_code?: boolean
  }
  promotion?: { tiers?: TierInput[] | null }
  access_settings?: { assign?: Partial<Record<keyof CampaignAccess, unknown>> | null } | null
}

/** A campaign from a fixture file: fixed ids and timestamps, and its vouchers given explicitly or by count. */
export interface CampaignFixture extends CampaignInput {
  id: string
  name: string
  created_at: string
  updated_at?: string
  vouchers?: ExplicitVoucher[]
  promotion?: { tiers?: (TierInput & { id?: string; created_at?: string })[] | null }
}

export interface RuleAssignment {
  id: string
  rule_id: string
  related_object_id: string
  related_object_type: 'promotion_tier' | 'campaign'
  created_at: string
  object: 'validation_rules_assignment'
}

export interface StoredTier extends Validity {
  id: string
  createdAt: number
  name: string
  banner?: string
  action?: { discount?: Json }
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
  type: 'AUTO_UPDATE' | 'STATIC' | 'STANDALONE'
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
  referral_program?: Json
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
