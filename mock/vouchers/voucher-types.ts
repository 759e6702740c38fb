import type { CodeConfig } from './code-generator.js'
import type { ByteCodes, StringCodes } from './code-list.js'

export type VoucherType = 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD'

/** A campaign's `voucher` template, in its response form. */
export interface VoucherTemplate {
  type: VoucherType
  discount?: Record<string, unknown>
  gift?: { amount: number; balance?: number; effect?: string; [k: string]: unknown }
  loyalty_card?: { points: number; expiration_rules?: Record<string, unknown>; [k: string]: unknown }
  redemption: { quantity: number | null }
  code_config: CodeConfig
  is_referral_code: boolean
  start_date?: string
  expiration_date?: string
  validity_timeframe?: Record<string, unknown>
  validity_day_of_week?: number[]
  validity_hours?: Record<string, unknown>
}

/** What the voucher store reads from a campaign; the campaign store's record satisfies it. */
export interface VoucherCampaign {
  id: string
  name: string
  active: boolean
  category: { id: string; name: string } | null
  voucher?: VoucherTemplate
  createdAt: number
  /** When generation completes (the clock decides, nothing runs in the background). */
  readyAt: number
  vouchersCount: number
}

/** A voucher given explicitly (fixtures): a code plus any state that differs from the template. */
export interface ExplicitVoucher {
  code: string
  id?: string
  active?: boolean
  metadata?: Record<string, unknown>
  holder_id?: string
  created_at?: string
  updated_at?: string
  redemption?: { redeemed_quantity?: number }
  gift?: { amount?: number; balance?: number }
  loyalty_card?: { points?: number; balance?: number }
}

/** Sparse per-voucher state: only vouchers that were changed (or imported with state) have one. */
export interface VoucherState {
  id?: string
  active?: boolean
  metadata?: Record<string, unknown>
  holderId?: string
  createdAt?: number
  updatedAt?: number
  redeemed?: number
  giftAmount?: number
  giftBalance?: number
  points?: number
  pointsBalance?: number
}

export interface Batch {
  campaign: VoucherCampaign
  /** First project-wide slot; voucher i of the campaign is slot base + i (its id derives from it). */
  base: number
  /** Codes the campaign will have once generated. */
  size: number
  codes: ByteCodes | StringCodes | null
  /** From this instant (its campaign's deletion completes) no voucher of the batch is found or listed. */
  goneAt?: number
  signature: string
  /** Imported with explicit codes: all visible at once, whatever the campaign's timing. */
  explicit: boolean
  state: Map<number, VoucherState>
  /** What codes of the batch look like, made on the first lookup by code (see couldHold). */
  matcher?: RegExp
}

export interface VoucherView {
  id: string
  code: string
  campaign: string
  campaign_id: string
  category: string | null
  category_id: string | null
  type: VoucherType
  discount: Record<string, unknown> | null
  gift: { amount: number; balance: number; effect?: string } | null
  loyalty_card: { points: number; balance: number; expiration_rules?: Record<string, unknown> } | null
  start_date: string | null
  expiration_date: string | null
  validity_timeframe: Record<string, unknown> | null
  validity_day_of_week: number[] | null
  validity_hours?: Record<string, unknown>
  active: boolean
  additional_info: string | null
  metadata: Record<string, unknown>
  is_referral_code: boolean
  holder_id?: string
  created_at: string
  updated_at: string | null
  redemption: { quantity: number | null; redeemed_quantity: number; object: 'list'; url: string }
  object: 'voucher'
}

export interface VoucherListPage {
  object: 'list'
  data_ref: 'vouchers'
  vouchers: VoucherView[]
  total: number
}
