import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { campaignBody } from './campaign-bodies.js'
import { order, readVoucher, redeem } from './checkout-support.js'
import { campaignPath, enc, waitUntilGenerated } from './support.js'

/** Uses the redemption-list check's coupon allows: enough for two redemptions and a margin. */
const USES = 3
/** How long a campaign's vouchers may take to follow an update of its dates. */
const FOLLOW_MS = 10_000

/** A generated coupon campaign of one voucher, `uses` redemptions each (null: unlimited): the campaign id and the code. */
async function ownCoupon(ctx: CheckContext, label: string, uses: number | null): Promise<{ id: string; code: string }> {
  const body = campaignBody('DISCOUNT_COUPONS', { name: ctx.name(label), tag: ctx.tag, vouchersCount: 1 })
  body.voucher.redemption = { quantity: uses }
  const created = await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 200 })
  const id: string = created.response.body.id
  await waitUntilGenerated(ctx, id)
  const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: id, limit: 1 } }, { status: 200 })
  ctx.expectThat(list, '/vouchers/0/code', (c) => typeof c === 'string', 'the code the campaign generated', 'listVouchers?campaign_id= lists the generated voucher')
  return { id, code: list.response.body.vouchers[0].code }
}

/** Redeems `code` once on an order tagged with the run; the redemption of the voucher (the child of the stacked one). */
async function redeemOnce(ctx: CheckContext, code: string): Promise<{ child: string; parent: string }> {
  const body = { redeemables: [{ object: 'voucher', id: code }], order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), metadata: ctx.tag }
  const redeemed = await redeem(ctx, body, 200)
  ctx.cleanup.keep(`redemption of ${code} (order ${body.order.source_id})`)
  ctx.expectField(redeemed, '/redemptions/0/result', 'SUCCESS', `redeeming ${code} succeeds`)
  const child: string = redeemed.response.body.redemptions[0].id
  return { child, parent: redeemed.response.body.parent_redemption?.id ?? child }
}

const redemptionList = (ctx: CheckContext, operationId: 'getVoucherRedemptions' | 'listVoucherRedemptions', code: string): Promise<Exchange> =>
  ctx.call({ operationId, method: 'GET', path: `/v1/vouchers/${enc(code)}/${operationId === 'getVoucherRedemptions' ? 'redemption' : 'redemptions'}` }, { status: 200 })

/**
 * A voucher's redemption list: `uses` redeemed successfully, every redemption in `ids` among its entries (the real
 * service: "the array of successful and failed redemption objects"). Their order is left alone: neither the seed
 * nor the real service's documentation gives one (promokit's spec says newest first).
 */
function expectRedemptionList(ctx: CheckContext, ex: Exchange, uses: number, ids: readonly string[]): void {
  ctx.expectField(ex, '/redeemed_quantity', uses, 'redeemed_quantity counts the voucher\'s successful redemptions')
  const listed = (ex.response.body.redemption_entries ?? []).map((e: any) => e?.id)
  const missing = ids.find((id) => !listed.includes(id))
  if (missing) ctx.fail({ pointer: '/redemption_entries', message: `the voucher's redemption list holds each of its redemptions (${missing} missing)`, expected: ids, actual: listed }, ex)
}

/**
 * Effects on vouchers (issue 25 §1): a campaign's new dates reach its vouchers (the seed: the voucher template's
 * dates are copied from the campaign; the spec's updateCampaign), and a voucher's redemptions are counted and
 * listed by both redemption-list paths (and left out of the failed ones), and given back by a rollback (the spec's
 * getVoucherRedemptions and rollbackRedemption: the redeemed quantity goes back down).
 */
export const voucherEffectChecks: Check[] = [
  {
    id: 'updates.campaign-dates-reach-vouchers',
    title: 'a campaign update\'s new start and expiration dates reach its generated vouchers',
    operationIds: ['createCampaign', 'listVouchers', 'updateCampaign', 'getVoucher'],
    readOnly: false,
    requests: 7,
    value: 2,
    shares: { changes: ['campaign-list', 'clock'] },
    prepare: (ctx) => ownCoupon(ctx, 'dates-reach-vouchers', 1),
    async run(ctx) {
      const { id, code } = await ctx.prepared<{ id: string; code: string }>()
      // a fresh voucher, neither published nor redeemed: no reading of the real service keeps its old dates
      const dates = { start_date: '2020-01-01T00:00:00.000Z', expiration_date: '2099-12-31T23:59:59.000Z' }
      await ctx.call({ operationId: 'updateCampaign', method: 'PUT', path: campaignPath(id), body: dates }, { status: 200 })
      const same = (v: unknown, value: string): boolean => typeof v === 'string' && Date.parse(v) === Date.parse(value)
      // A deployment may carry the change to many vouchers in the background: given a moment, they must follow.
      const voucher = await ctx.poll(async () => {
        const read = await readVoucher(ctx, code)
        const stale = Object.entries(dates).find(([field, value]) => !same(read.response.body?.[field], value))
        return stale ? { done: false, exchange: read, problem: { pointer: `/${stale[0]}`, message: `the campaign's new ${stale[0]} reaches its vouchers`, expected: stale[1], actual: read.response.body?.[stale[0]] } } : { done: true, value: read }
      }, { what: 'the new dates on the campaign\'s voucher', timeoutMs: FOLLOW_MS })
      ctx.expectResponse(voucher, { status: 200 })
    },
  },
  {
    id: 'redemptions.voucher-redemption-list',
    title: 'a voucher redeemed twice: both redemption lists count 2 and list both, result=FAILURE leaves them out; a rollback gives a use back',
    operationIds: ['createCampaign', 'listVouchers', 'redeemStackedDiscounts', 'getVoucherRedemptions', 'listVoucherRedemptions', 'listRedemptions', 'rollbackRedemption', 'getVoucher'],
    readOnly: false,
    requests: 14,
    value: 2,
    shares: { changes: ['campaign-list', 'clock', 'redemptions'], preparing: ['clock'] },
    prepare: (ctx) => ownCoupon(ctx, 'redemption-list', USES),
    async run(ctx) {
      const { code } = await ctx.prepared<{ id: string; code: string }>()
      const first = await redeemOnce(ctx, code)
      const second = await redeemOnce(ctx, code)
      const [one, other, voucher, failed] = await Promise.all([
        redemptionList(ctx, 'getVoucherRedemptions', code),
        redemptionList(ctx, 'listVoucherRedemptions', code),
        readVoucher(ctx, code),
        ctx.call({ operationId: 'listRedemptions', method: 'GET', path: '/v1/redemptions', query: { result: 'FAILURE', limit: 100 } }, { status: 200 }),
      ])
      ctx.expectField(voucher, '/redemption/redeemed_quantity', 2, 'the voucher counts its two redemptions')
      for (const list of [one, other]) expectRedemptionList(ctx, list, 2, [second.child, first.child])
      // The real service (§8.5) lists failed redemptions with result=FAILURE: the two just made succeeded.
      const wrong = (failed.response.body.redemptions ?? []).findIndex((r: any) => r?.result !== 'FAILURE')
      if (wrong >= 0) ctx.fail({ pointer: `/redemptions/${wrong}/result`, message: 'result=FAILURE lists only failed redemptions', expected: 'FAILURE', actual: failed.response.body.redemptions[wrong]?.result }, failed)
      await ctx.call({ operationId: 'rollbackRedemption', method: 'POST', path: `/v1/redemptions/${enc(second.parent)}/rollback`, body: { reason: ctx.name('rollback') } }, { status: 200 })
      const [after, list] = await Promise.all([readVoucher(ctx, code), redemptionList(ctx, 'getVoucherRedemptions', code)])
      ctx.expectField(after, '/redemption/redeemed_quantity', 1, 'a rollback gives the voucher its use back')
      ctx.expectField(list, '/redeemed_quantity', 1, 'a rollback gives the voucher its use back (its redemption list)')
    },
  },
]
