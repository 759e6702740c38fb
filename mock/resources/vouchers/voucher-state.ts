import { ApiError } from '../../engine/errors.js'
import type { Batch, ExplicitVoucher, VoucherState } from './voucher-types.js'

/** A refused voucher mutation; `reason` is the redeemable failure key checkout reports. */
export class VoucherRuleError extends ApiError {
  constructor(
    readonly reason: 'quantity_exceeded' | 'gift_amount_exceeded' | 'loyalty_card_points_exceeded',
    details: string,
  ) {
    super('INVALID_REDEEMABLES', details)
  }
}

/** A Map that takes no entries: the state a batch starts with, shared (see NO_CHANGES). */
class NoChanges extends Map<number, VoucherState> {
  override set(): never {
    throw new Error('NO_CHANGES is shared by every batch: write through writableState(batch)')
  }
}

/**
 * The state of a batch none of whose vouchers has changed, one for all: a Map each was 1.3 MB at
 * `--seed-campaigns 10000`, and most batches never see a change.
 */
export const NO_CHANGES: ReadonlyMap<number, VoucherState> = new NoChanges()

/** The batch's state, made its own on the first write. */
export function writableState(batch: Batch): Map<number, VoucherState> {
  if (batch.state === NO_CHANGES) batch.state = new Map()
  return batch.state as Map<number, VoucherState>
}

/** The batch holding a slot: batches are sorted by `base` (slots only grow), so a binary search. */
export function batchOfSlot(batches: readonly Batch[], slot: number): Batch | undefined {
  let lo = 0
  let hi = batches.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const b = batches[mid]
    if (slot < b.base) hi = mid - 1
    else if (slot >= b.base + b.size) lo = mid + 1
    else return b
  }
  return undefined
}

/** A fixture voucher's differences from its template, as sparse state (undefined: none). */
export function explicitState(voucher: ExplicitVoucher): VoucherState | undefined {
  const state: VoucherState = {}
  if (voucher.id !== undefined) state.id = voucher.id
  if (voucher.active !== undefined) state.active = voucher.active
  if (voucher.metadata !== undefined) state.metadata = voucher.metadata
  if (voucher.holder_id !== undefined) state.holderId = voucher.holder_id
  if (voucher.created_at !== undefined) state.createdAt = Date.parse(voucher.created_at)
  if (voucher.updated_at !== undefined) state.updatedAt = Date.parse(voucher.updated_at)
  if (voucher.redemption?.redeemed_quantity !== undefined) state.redeemed = voucher.redemption.redeemed_quantity
  if (voucher.gift?.amount !== undefined) state.giftAmount = voucher.gift.amount
  if (voucher.gift?.balance !== undefined) state.giftBalance = voucher.gift.balance
  if (voucher.loyalty_card?.points !== undefined) state.points = voucher.loyalty_card.points
  if (voucher.loyalty_card?.balance !== undefined) state.pointsBalance = voucher.loyalty_card.balance
  return Object.keys(state).length > 0 ? state : undefined
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const escapeInClass = (char: string): string => char.replace(/[\]\\^-]/g, '\\$&')

/** Whether the batch's code pattern can produce `code` (so a lookup need not generate other campaigns). */
export function couldHold(batch: Batch, code: string): boolean {
  let matcher = batch.matcher
  if (!matcher) {
    const config = batch.campaign.voucher!.code_config
    const chars = `[${[...new Set(config.charset)].map(escapeInClass).join('')}]`
    const body = [...config.pattern].map((c) => (c === '#' ? chars : escape(c))).join('')
    matcher = new RegExp(`^${escape(config.prefix ?? '')}${body}${escape(config.postfix ?? '')}$`, 'u')
    batch.matcher = matcher
  }
  return matcher.test(code)
}
