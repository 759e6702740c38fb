import type { Check } from '../check.js'
import type { Exchange } from '../http-client.js'
import { GIFT_CREDITS, order, ownGiftCard, readVoucher, redeem } from './checkout-support.js'
import { enc } from './support.js'

const CREDITS = GIFT_CREDITS
const balance = readVoucher

/**
 * A rollback undoes a redemption's effect (issue 25 §1): the run's own gift card (5000) redeemed for 1000 credits
 * shows 4000; rolling the redemption back (the parent of a stacked redemption: children cannot be rolled back
 * alone) restores 5000 and marks it ROLLED_BACK; a second rollback of the same redemption is refused with a 4xx.
 */
export const checkoutRollbackChecks: Check[] = [{
  id: 'checkout.rollback-restores',
  title: 'rolling back a gift-card redemption restores the balance; a second rollback is refused',
  operationIds: ['createCampaign', 'listVouchers', 'getVoucher', 'redeemStackedDiscounts', 'rollbackRedemption', 'getRedemption'],
  readOnly: false,
  requests: 14,
  value: 3,
  shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
  // The card and its balance before the redemption: the preparation (made ahead side by side).
  prepare: async (ctx) => {
    const code = await ownGiftCard(ctx, 'rollback')
    return { code, first: await balance(ctx, code) }
  },
  async run(ctx) {
    const { code, first } = await ctx.prepared<{ code: string; first: Exchange }>()
    const before = first.response.body?.gift?.balance
    const body = { redeemables: [{ object: 'voucher', id: code, gift: { credits: CREDITS } }], order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), customer: { source_id: ctx.name('customer'), metadata: ctx.tag }, metadata: ctx.tag }
    const redeemed = await redeem(ctx, body, 200)
    ctx.cleanup.keep(`redemption of ${code} (order ${body.order.source_id}, rolled back)`)
    ctx.expectField(redeemed, '/redemptions/0/result', 'SUCCESS', `redeeming ${CREDITS} credits of ${code} succeeds`)
    ctx.expectField(await balance(ctx, code), '/gift/balance', before - CREDITS, 'the redemption lowers the balance')
    const id: string = redeemed.response.body.parent_redemption?.id ?? redeemed.response.body.redemptions[0].id
    const path = `/v1/redemptions/${enc(id)}/rollback`
    const rollback = { reason: ctx.name('rollback') }
    await ctx.call({ operationId: 'rollbackRedemption', method: 'POST', path, body: rollback }, { status: 200 })
    const [restored, read] = await Promise.all([balance(ctx, code), ctx.call({ operationId: 'getRedemption', method: 'GET', path: `/v1/redemptions/${enc(id)}` }, { status: 200 })])
    ctx.expectField(restored, '/gift/balance', before, 'a rollback restores the balance the redemption took')
    ctx.expectField(read, '/status', 'ROLLED_BACK', 'a rolled-back redemption says so')
    const again = await ctx.client.send({ operationId: 'rollbackRedemption', method: 'POST', path, body: rollback })
    if (again.response.status < 400 || again.response.status >= 500) ctx.fail({ location: 'status', pointer: '', message: 'a second rollback of the same redemption must be refused with a 4xx', expected: '4xx', actual: again.response.status }, again)
    ctx.expectResponse(again)
    ctx.expectField(await balance(ctx, code), '/gift/balance', before, 'a refused second rollback changes nothing')
  },
}]
