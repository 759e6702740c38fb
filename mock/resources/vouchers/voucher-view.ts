import { toIso } from '../../../src/clock.js'
import type { Batch, VoucherView } from './voucher-types.js'

/** Ids derive from the slot, so a million vouchers need no stored id; fixtures may still pin one. */
export const voucherIdForSlot = (slot: number): string => `v_${slot.toString(36).padStart(8, '0')}`

const ID_PATTERN = /^v_[0-9a-z]{8}$/

export function slotFromVoucherId(id: string): number {
  return ID_PATTERN.test(id) ? Number.parseInt(id.slice(2), 36) : -1
}

/** Voucher i is written at its share of the generation window (imported batches: all at creation). */
export function voucherCreatedAt(batch: Batch, index: number): number {
  const span = batch.campaign.readyAt - batch.campaign.createdAt
  if (span <= 0 || batch.size === 0) return batch.campaign.createdAt
  return batch.campaign.createdAt + Math.ceil(((index + 1) * span) / batch.size)
}

const clone = <T>(value: T): T => structuredClone(value)

/** The Voucher object, materialised on read from the campaign template + code + sparse state. */
export function buildVoucherView(batch: Batch, index: number): VoucherView {
  const template = batch.campaign.voucher!
  const state = batch.state.get(index)
  const code = batch.codes!.at(index)
  const { gift, loyalty_card: card } = template
  const view: VoucherView = {
    id: state?.id ?? voucherIdForSlot(batch.base + index),
    code,
    campaign: batch.campaign.name,
    campaign_id: batch.campaign.id,
    category: batch.campaign.category?.name ?? null,
    category_id: batch.campaign.category?.id ?? null,
    type: template.type,
    discount: template.type === 'DISCOUNT_VOUCHER' && template.discount ? clone(template.discount) : null,
    gift: gift
      ? {
          amount: state?.giftAmount ?? gift.amount,
          balance: state?.giftBalance ?? gift.balance ?? gift.amount,
          ...(gift.effect !== undefined ? { effect: gift.effect } : {}),
        }
      : null,
    loyalty_card: card
      ? {
          points: state?.points ?? card.points,
          balance: state?.pointsBalance ?? card.points,
          ...(card.expiration_rules ? { expiration_rules: clone(card.expiration_rules) } : {}),
        }
      : null,
    start_date: template.start_date ?? null,
    expiration_date: template.expiration_date ?? null,
    validity_timeframe: template.validity_timeframe ? clone(template.validity_timeframe) : null,
    validity_day_of_week: template.validity_day_of_week ? [...template.validity_day_of_week] : null,
    ...(template.validity_hours ? { validity_hours: clone(template.validity_hours) } : {}),
    active: state?.active ?? batch.campaign.active,
    additional_info: null,
    metadata: state?.metadata ? clone(state.metadata) : {},
    is_referral_code: template.is_referral_code,
    ...(state?.holderId ? { holder_id: state.holderId } : {}),
    created_at: toIso(state?.createdAt ?? voucherCreatedAt(batch, index)),
    updated_at: state?.updatedAt !== undefined ? toIso(state.updatedAt) : null,
    redemption: {
      quantity: template.redemption.quantity,
      redeemed_quantity: state?.redeemed ?? 0,
      object: 'list',
      url: `/v1/vouchers/${encodeURIComponent(code)}/redemptions?page=1&limit=10`,
    },
    object: 'voucher',
  }
  return view
}
