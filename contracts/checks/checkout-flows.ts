import type { Check, CheckContext } from '../check.js'
import { expectInapplicable, expectOrderMoney, ORDER_AMOUNT, order, redeem, validate, voucher, type Redeemable } from './checkout-support.js'
import { createCampaign, enc, waitUntilGenerated } from './support.js'

const COUPON_PATTERN = 'PK-CO-########'
const USED_UP_KEYS = ['quantity_exceeded', 'voucher_disabled', 'redemption_rules_violated']

interface DiscountCase {
  slug: string
  title: string
  operationIds: string[]
  /** What the redeemable takes off an order of ORDER_AMOUNT. */
  discount: number
  /** Creates the run's own discount and returns the redeemable that applies it. */
  create(ctx: CheckContext): Promise<Redeemable>
  /** Redemption quantity 1: redeem once, then the code is used up. */
  singleUse: boolean
  cost: Pick<Check, 'requests' | 'value' | 'shares'>
}

/** Checkout on resources the run creates itself: write checks, never on a customer's codes. */
const CASES: DiscountCase[] = [
  {
    slug: 'coupon-redeem-once',
    title: 'a 10% coupon of quantity 1: validates to 1000 off twice, redeems once, then is used up (quantity_exceeded)',
    operationIds: ['createCampaign', 'listVouchers', 'validateStackedDiscounts', 'redeemStackedDiscounts', 'getRedemption'],
    discount: 1000,
    singleUse: true,
    cost: { requests: 13, value: 3, shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] } },
    async create(ctx) {
      const discount = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }
      const body = { voucher: { type: 'DISCOUNT_VOUCHER', discount, redemption: { quantity: 1 }, code_config: { pattern: COUPON_PATTERN } } }
      const created = await createCampaign(ctx, 'DISCOUNT_COUPONS', 'checkout-coupon', { vouchersCount: 1, pattern: COUPON_PATTERN, body })
      const campaignId: string = created.response.body.id
      await waitUntilGenerated(ctx, campaignId)
      const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: campaignId, limit: 10 } }, { status: 200 })
      ctx.expectThat(list, '/vouchers/0/code', (c) => typeof c === 'string' && c.length > 0, 'the code of the generated voucher')
      return voucher(list.response.body.vouchers[0].code)
    },
  },
  {
    slug: 'promotion-tier-amount',
    title: 'a promotion tier of 500 off validates to 500 off',
    operationIds: ['createCampaign', 'validateStackedDiscounts'],
    discount: 500,
    singleUse: false,
    cost: { requests: 5, value: 3, shares: { changes: ['campaign-list'] } },
    async create(ctx) {
      const tier = { name: 'Checkout tier', banner: '5 off', action: { discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } } }
      const created = await createCampaign(ctx, 'PROMOTION', 'checkout-promotion', { body: { promotion: { tiers: [tier] } } })
      ctx.expectThat(created, '/promotion/tiers/0/id', (id) => typeof id === 'string' && id.startsWith('promo_'), 'the promo_ id of the tier')
      return { object: 'promotion_tier', id: created.response.body.promotion.tiers[0].id }
    },
  },
]

async function expectApplicable(ctx: CheckContext, item: Redeemable, discount: number, why: string): Promise<void> {
  const ex = await validate(ctx, { redeemables: [item], order: order() })
  ctx.expectField(ex, '/valid', true, why)
  ctx.expectThat(ex, '/redeemables', (r) => Array.isArray(r) && r.length === 1, 'one result per redeemable sent')
  ctx.expectField(ex, '/redeemables/0/id', item.id)
  ctx.expectField(ex, '/redeemables/0/status', 'APPLICABLE', why)
  expectOrderMoney(ctx, ex, '/order', { amount: ORDER_AMOUNT, discount })
}

/** Redeems once, reads the redemption back, then proves the code used up: validation and redemption fail. */
async function redeemOnce(ctx: CheckContext, item: Redeemable, discount: number): Promise<void> {
  // A redemption creates an order and a customer the API cannot delete: both carry the run prefix and tag.
  const body = () => ({ redeemables: [item], order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), customer: { source_id: ctx.name('customer'), metadata: ctx.tag }, metadata: ctx.tag })
  const first = body()
  const redeemed = await redeem(ctx, first, 200)
  ctx.cleanup.keep(`redemption of ${item.id} (order ${first.order.source_id}, customer ${first.customer.source_id})`)
  ctx.expectThat(redeemed, '/redemptions', (r) => Array.isArray(r) && r.length === 1, 'one redemption', 'one redeemable redeemed gives one redemption')
  ctx.expectField(redeemed, '/redemptions/0/result', 'SUCCESS')
  if (redeemed.response.body.parent_redemption !== undefined) ctx.expectField(redeemed, '/parent_redemption/result', 'SUCCESS')
  if (redeemed.response.body.order !== undefined) expectOrderMoney(ctx, redeemed, '/order', { amount: ORDER_AMOUNT, discount })
  const id: string = redeemed.response.body.redemptions[0].id
  // The read-back, a validation and a second redemption each see the used-up code: side by side.
  const [read, used, again] = await Promise.all([callGetRedemption(ctx, id), validate(ctx, { redeemables: [item], order: order() }), redeem(ctx, body(), [200, 400])])
  ctx.expectField(read, '/id', id)
  ctx.expectField(read, '/result', 'SUCCESS')

  ctx.expectField(used, '/valid', false, 'a code of quantity 1 is used up after one redemption')
  expectInapplicable(ctx, used, item.id, ['quantity_exceeded'], 'a used-up code')
  // A failed redemption: 200 with the item inapplicable, or (the real service) 400 naming the reason.
  ctx.follows(again.response.status === 400 ? 'failed redemption: 400 with its key (real service)' : 'failed redemption: 200 with the item in inapplicable_redeemables')
  if (again.response.status === 400) return ctx.expectThat(again, '/key', (k) => USED_UP_KEYS.includes(k), USED_UP_KEYS.join(' or '), 'the refusal names why the code cannot be redeemed')
  ctx.expectThat(again, '/redemptions', (r) => r === undefined || (Array.isArray(r) && r.every((x) => x?.result !== 'SUCCESS')), 'no successful redemption', 'a used-up code must not be redeemed again')
  ctx.expectThat(again, '/parent_redemption/result', (r) => r === undefined || r !== 'SUCCESS', 'no successful parent redemption', 'a used-up code must not be redeemed again')
  expectInapplicable(ctx, again, item.id, ['quantity_exceeded'], 'redeeming a used-up code')
}

const callGetRedemption = (ctx: CheckContext, id: string) => ctx.call({ operationId: 'getRedemption', method: 'GET', path: `/v1/redemptions/${enc(id)}` }, { status: 200 })

export const checkoutFlowChecks: Check[] = CASES.map(({ slug, title, operationIds, discount, create, singleUse, cost }) => ({
  id: `checkout.${slug}`,
  title,
  operationIds,
  readOnly: false,
  ...cost,
  prepare: create,
  async run(ctx) {
    const item = await ctx.prepared<Redeemable>()
    await expectApplicable(ctx, item, discount, `the run's own ${item.object} applies`)
    await expectApplicable(ctx, item, discount, 'validating again gives the same result (a validation changes nothing)')
    if (singleUse) await redeemOnce(ctx, item, discount)
  },
}))
