import type { FilterFields } from '../filters/filter-engine.js'
import type { VoucherAt } from './voucher-mutations.js'
import { voucherCreatedAt, voucherIdForSlot } from './voucher-view.js'

/**
 * What listVouchers compares, read straight from a batch and its sparse state: filtering a million
 * vouchers must not build a million views. `code` needs the batch's codes, so the caller generates them
 * first (`codes`).
 */
export interface VoucherReader {
  code: (at: VoucherAt) => string
  id: (at: VoucherAt) => string
  createdAt: (at: VoucherAt) => number
  updatedAt: (at: VoucherAt) => number | undefined
  holderId: (at: VoucherAt) => string | undefined
}

export function voucherReader(codes: (at: VoucherAt) => string): VoucherReader {
  return {
    code: codes,
    id: ({ batch, index }) => batch.state.get(index)?.id ?? voucherIdForSlot(batch.base + index),
    createdAt: ({ batch, index }) => batch.state.get(index)?.createdAt ?? voucherCreatedAt(batch, index),
    updatedAt: ({ batch, index }) => batch.state.get(index)?.updatedAt,
    holderId: ({ batch, index }) => batch.state.get(index)?.holderId,
  }
}

const VOUCHER_TYPES = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD'] as const
const BOOLEAN = { values: ['TRUE', 'FALSE'], upper: true, ops: ['$is', '$is_not'] } as const

/**
 * Fields of List Vouchers' `filters`: the names of the real service's voucher filters (`code`,
 * `voucher_type`, `discount_type`, `campaign`, `category`, `active`, `is_referral_code`, `id`, the
 * dates), plus `campaign_id`, `category_id` and `holder_id`, which the voucher object carries.
 */
export function voucherFields(read: VoucherReader): FilterFields<VoucherAt> {
  return {
    id: { kind: 'string', get: read.id },
    code: { kind: 'string', get: read.code },
    voucher_type: { kind: 'string', get: (at) => at.batch.campaign.voucher?.type, values: VOUCHER_TYPES },
    discount_type: { kind: 'string', get: (at) => discountType(at), values: ['AMOUNT', 'PERCENT', 'FIXED', 'UNIT'] },
    campaign: { kind: 'string', get: (at) => at.batch.campaign.name },
    campaign_id: { kind: 'string', get: (at) => at.batch.campaign.id },
    category: { kind: 'string', get: (at) => at.batch.campaign.category?.name },
    category_id: { kind: 'string', get: (at) => at.batch.campaign.category?.id },
    holder_id: { kind: 'string', get: read.holderId },
    active: { kind: 'string', get: (at) => String(at.batch.state.get(at.index)?.active ?? at.batch.campaign.active), ...BOOLEAN },
    is_referral_code: { kind: 'string', get: (at) => String(at.batch.campaign.voucher?.is_referral_code ?? false), ...BOOLEAN },
    created_at: { kind: 'datetime', get: read.createdAt },
    updated_at: { kind: 'datetime', get: read.updatedAt },
    start_date: { kind: 'datetime', get: (at) => at.batch.campaign.voucher?.start_date },
    expiration_date: { kind: 'datetime', get: (at) => at.batch.campaign.voucher?.expiration_date },
  }
}

function discountType({ batch }: VoucherAt): string | undefined {
  const discount = batch.campaign.voucher?.discount
  return typeof discount?.type === 'string' ? discount.type : undefined
}
