import type { components } from '../../../src/types/openapi.js'
import type { ByteCodes, StringCodes } from './code-list.js'

type Schemas = components['schemas']

export type VoucherType = Schemas['VoucherType']

/** A campaign's `voucher` template, in its response form (the spec's CampaignVoucher). */
export type VoucherTemplate = Schemas['CampaignVoucher']

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
  /** The vouchers that differ from the template, by index; read-only: writes go through `writableState` (voucher-state.ts). */
  state: ReadonlyMap<number, VoucherState>
  /** What codes of the batch look like, made on the first lookup by code (see couldHold). */
  matcher?: RegExp
}

type Voucher = Schemas['Voucher']

/**
 * The spec's Voucher as buildVoucherView makes it: the fields it always sends are required, and null only
 * where it sends null, so that checkout reads them without checks (extending Voucher keeps each a narrowing).
 */
export interface VoucherView extends Voucher {
  campaign: string
  campaign_id: string
  category: string | null
  category_id: string | null
  discount: Schemas['Discount'] | null
  gift: { amount: number; balance: number; effect?: Exclude<Schemas['Gift']['effect'], undefined> } | null
  loyalty_card: { points: number; balance: number; expiration_rules?: Schemas['LoyaltyExpirationRules'] } | null
  start_date: string | null
  expiration_date: string | null
  validity_timeframe: Schemas['ValidityTimeframe'] | null
  validity_day_of_week: Schemas['ValidityDayOfWeek'] | null
  active: boolean
  additional_info: string | null
  metadata: Record<string, unknown>
  is_referral_code: boolean
  holder_id?: string
  updated_at: string | null
  redemption: { quantity: number | null; redeemed_quantity: number; object: 'list'; url: string }
}

/** A page of the spec's VouchersList, of vouchers as the mock builds them. */
export type VoucherListPage = Omit<Schemas['VouchersList'], 'vouchers'> & { vouchers: VoucherView[] }
