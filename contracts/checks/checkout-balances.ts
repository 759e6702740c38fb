import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { getPointer } from '../../src/json-pointer.js'
import { GIFT_CREDITS, order, ownGiftCard, readVoucher, redeem } from './checkout-support.js'

const CREDITS = GIFT_CREDITS
const POINTS = 100

const numberAt = (ctx: CheckContext, ex: Exchange, pointer: string, what: string): number => {
  ctx.expectThat(ex, pointer, (v) => typeof v === 'number' && v >= 0, `${what} as a number`)
  return getPointer(ex.response.body, pointer) as number
}

/** Redeems `item` once on an order tagged with the run (orders and customers cannot be deleted through the API). */
async function redeemTagged(ctx: CheckContext, item: object, code: string): Promise<Exchange> {
  const body = { redeemables: [item], order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), customer: { source_id: ctx.name('customer'), metadata: ctx.tag }, metadata: ctx.tag }
  const redeemed = await redeem(ctx, body, 200)
  ctx.cleanup.keep(`redemption of ${code} (order ${body.order.source_id}, customer ${body.customer.source_id})`)
  ctx.expectField(redeemed, '/redemptions/0/result', 'SUCCESS', `redeeming ${code} succeeds`)
  return redeemed
}

/**
 * Balances move with redemptions (issue 12 section 2): read back through getVoucher, the documented read.
 * The gift card is the run's own; the loyalty card is a test card given by flags (or the mock's fixture).
 */
export const checkoutBalanceChecks: Check[] = [
  {
    id: 'checkout.gift-balance-deducted',
    title: `redeeming ${CREDITS} credits of the run's own gift card lowers its balance by ${CREDITS} (read back with getVoucher)`,
    operationIds: ['createCampaign', 'listVouchers', 'getVoucher', 'redeemStackedDiscounts'],
    readOnly: false,
    requests: 11,
    value: 3,
    shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
    // The card and its balance before the redemption: the preparation (made ahead side by side).
    prepare: async (ctx) => {
      const code = await ownGiftCard(ctx, 'gift-balance')
      return { code, read: await readVoucher(ctx, code) }
    },
    async run(ctx) {
      const { code, read } = await ctx.prepared<{ code: string; read: Exchange }>()
      const before = numberAt(ctx, read, '/gift/balance', 'the gift balance')
      if (before < CREDITS) ctx.fail({ pointer: '/gift/balance', message: `a new gift card of 5000 must hold at least ${CREDITS}`, expected: 5000, actual: before })
      await redeemTagged(ctx, { object: 'voucher', id: code, gift: { credits: CREDITS } }, code)
      const after = await readVoucher(ctx, code)
      ctx.expectField(after, '/gift/balance', before - CREDITS, `the balance goes down by the ${CREDITS} credits redeemed`)
    },
  },
  {
    id: 'checkout.loyalty-points-deducted',
    title: 'redeeming a reward with a loyalty card deducts its points, rolling it back returns them (read back with getVoucher)',
    operationIds: ['getVoucher', 'redeemStackedDiscounts', 'rollbackRedemption'],
    readOnly: false,
    needs: ['loyaltyCardCode', 'loyaltyRewardId'],
    requests: 5,
    value: 2,
    shares: { changes: ['loyalty-card', 'redemptions'] },
    async run(ctx) {
      const code = ctx.ids.loyaltyCardCode!
      const before = numberAt(ctx, await readVoucher(ctx, code), '/loyalty_card/balance', 'the points balance')
      if (before === 0) ctx.skip(`the loyalty card ${code} has no points left to spend`)
      // `points`: what a pay-with-points reward spends; a reward with a price in points costs that price.
      const redeemed = await redeemTagged(ctx, { object: 'voucher', id: code, reward: { id: ctx.ids.loyaltyRewardId!, points: Math.min(POINTS, before) } }, code)
      const spent = getPointer(redeemed.response.body, '/redemptions/0/loyalty_card/points')
      const after = await readVoucher(ctx, code)
      ctx.expectThat(after, '/loyalty_card/balance', (b) => typeof b === 'number' && b < before, `fewer than the ${before} points before the redemption`, 'a redemption with a loyalty card deducts its points')
      if (typeof spent === 'number') ctx.expectField(after, '/loyalty_card/balance', before - spent, `the balance goes down by the ${spent} points the redemption reports`)
      // The spec's rollbackRedemption (and the real service's POINTS_REFUND): the points return to the card, which the
      // test card given by flags gets back as it was.
      const parent: string = redeemed.response.body.parent_redemption?.id ?? redeemed.response.body.redemptions[0].id
      await ctx.call({ operationId: 'rollbackRedemption', method: 'POST', path: `/v1/redemptions/${encodeURIComponent(parent)}/rollback`, body: { reason: ctx.name('rollback') } }, { status: 200 })
      ctx.expectField(await readVoucher(ctx, code), '/loyalty_card/balance', before, 'a rollback returns the points the redemption took')
    },
  },
]
