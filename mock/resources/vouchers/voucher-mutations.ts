import type { Clock } from '../../../src/clock.js'
import { ApiError } from '../../engine/errors.js'
import { VoucherRuleError, writableState } from './voucher-state.js'
import type { Batch, VoucherState, VoucherView } from './voucher-types.js'
import { buildVoucherView } from './voucher-view.js'

/** Where a voucher lives: its campaign's batch and its index in it. */
export interface VoucherAt {
  batch: Batch
  index: number
}

// A changed voucher gets sparse state; the others stay views built from the campaign template.
function stateOf({ batch, index }: VoucherAt): VoucherState {
  let state = batch.state.get(index)
  if (!state) writableState(batch).set(index, (state = {}))
  return state
}

function touch(at: VoucherAt, state: VoucherState, clock: Clock): VoucherView {
  state.updatedAt = clock.now()
  return buildVoucherView(at.batch, at.index)
}

/** Counts one redemption; refuses past `redemption.quantity`. Synchronous, so it cannot interleave. */
export function redeemVoucher(at: VoucherAt, codeOrId: string, clock: Clock): VoucherView {
  const state = stateOf(at)
  const quantity = at.batch.campaign.voucher!.redemption.quantity
  const redeemed = state.redeemed ?? 0
  if (quantity !== null && redeemed >= quantity) {
    throw new VoucherRuleError('quantity_exceeded', `voucher ${codeOrId} has been redeemed ${redeemed} of ${quantity} times`)
  }
  state.redeemed = redeemed + 1
  return touch(at, state, clock)
}

/**
 * Undoes one redemption (a rollback): one use fewer, and the gift credits and loyalty points it spent back
 * on the card. Unlike adding credits, a refund does not raise the card's total amount or points earned.
 */
export function undoRedemption(at: VoucherAt, spent: { credits?: number; points?: number }, clock: Clock): VoucherView {
  const view = buildVoucherView(at.batch, at.index)
  const state = stateOf(at)
  state.redeemed = Math.max(0, (state.redeemed ?? 0) - 1)
  if (view.gift && spent.credits) state.giftBalance = view.gift.balance + spent.credits
  if (view.loyalty_card && spent.points) state.pointsBalance = view.loyalty_card.balance + spent.points
  return touch(at, state, clock)
}

/** Adds (positive) or spends (negative) gift credits; the balance never goes below 0. */
export function adjustGiftBalance(at: VoucherAt, codeOrId: string, delta: number, clock: Clock): VoucherView {
  const view = buildVoucherView(at.batch, at.index)
  if (!view.gift) throw new ApiError('INVALID_REDEEMABLES', `voucher ${codeOrId} is not a gift card`)
  const balance = view.gift.balance + delta
  if (balance < 0) {
    throw new VoucherRuleError('gift_amount_exceeded', `gift card ${codeOrId} has a balance of ${view.gift.balance}, ${-delta} requested`)
  }
  const state = stateOf(at)
  state.giftBalance = balance
  if (delta > 0) state.giftAmount = view.gift.amount + delta
  return touch(at, state, clock)
}

/** Adds or spends loyalty points; the balance never goes below 0. */
export function adjustLoyaltyPoints(at: VoucherAt, codeOrId: string, delta: number, clock: Clock): VoucherView {
  const view = buildVoucherView(at.batch, at.index)
  if (!view.loyalty_card) throw new ApiError('INVALID_REDEEMABLES', `voucher ${codeOrId} is not a loyalty card`)
  const balance = view.loyalty_card.balance + delta
  if (balance < 0) {
    throw new VoucherRuleError(
      'loyalty_card_points_exceeded',
      `loyalty card ${codeOrId} has ${view.loyalty_card.balance} points, ${-delta} requested`,
    )
  }
  const state = stateOf(at)
  state.pointsBalance = balance
  if (delta > 0) state.points = view.loyalty_card.points + delta
  return touch(at, state, clock)
}

export function setVoucherHolder(at: VoucherAt, customerId: string, clock: Clock): VoucherView {
  const state = stateOf(at)
  state.holderId = customerId
  return touch(at, state, clock)
}
