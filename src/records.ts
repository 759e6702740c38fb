/**
 * API records that the mock's stores hold and the fixture files contain, in their response form.
 * Defined here, once, because both mock/ and fixtures/ may import from src/ (fixtures/ never
 * imports mock/).
 */
import type { components } from './types/openapi.js'

export interface Category {
  id: string
  name: string
  hierarchy: number
  created_at: string
  updated_at?: string
  object: 'category'
}

export interface Reward {
  id: string
  name: string
  type: 'CAMPAIGN' | 'COIN' | 'MATERIAL'
  parameters: Record<string, unknown>
  metadata: Record<string, unknown>
  created_at: string
  updated_at: string | null
  object: 'reward'
}

export interface RewardAssignment {
  id: string
  reward_id: string
  related_object_id: string
  related_object_type: 'campaign'
  parameters: { loyalty: { points: number; auto_redeem?: boolean | null } }
  created_at: string
  updated_at: string | null
  object: 'reward_assignment'
}

export type HolderRole = 'REFERRER' | 'REFEREE' | 'OWNER'

export interface RedeemableHolder {
  id: string
  created_at: string
  redeemable_id: string
  redeemable_object: 'voucher'
  campaign_id: string
  campaign_type: 'REFERRAL_PROGRAM'
  voucher_type: 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD'
  customer_id: string
  holder_role: HolderRole
  metadata?: Record<string, unknown>
  object: 'redeemable_holder'
}

export const GIFT_TRANSACTION_TYPES = ['CREDITS_REMOVAL', 'CREDITS_ADDITION', 'CREDITS_REFUND', 'CREDITS_REDEMPTION'] as const
export const LOYALTY_TRANSACTION_TYPES = [
  'POINTS_ACCRUAL', 'POINTS_REDEMPTION', 'POINTS_REFUND', 'POINTS_ADDITION', 'POINTS_REMOVAL',
  'POINTS_EXPIRATION', 'POINTS_TRANSFER_IN', 'POINTS_TRANSFER_OUT',
] as const
export type TransactionType = (typeof GIFT_TRANSACTION_TYPES)[number] | (typeof LOYALTY_TRANSACTION_TYPES)[number]

/** A gift-card or loyalty-card balance change (the real service's voucher transaction, `vtx_` ids). */
export interface VoucherTransaction {
  id: string
  source_id: string | null
  voucher_id: string
  campaign_id: string
  source: string | null
  reason: string | null
  type: TransactionType
  /** Signed change: negative for redemptions and removals, in cents or points. */
  amount: number
  /** The card's balance (gift, cents) or points (loyalty) after the change. */
  balance: number
  details: Record<string, unknown>
  related_transaction_id: string | null
  created_at: string
}

// Templates and metadata schemas are exactly the spec's response schemas.
export type CampaignTemplate = components['schemas']['CampaignTemplate']
export type MetadataPropertyDefinition = components['schemas']['MetadataSchemaPropertyDefinition']
export type MetadataSchema = components['schemas']['MetadataSchema']
