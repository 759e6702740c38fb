import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { getPointer } from '../../src/json-pointer.js'
import { callIfDeployed, expectInapplicable, expectOrderMoney, findItem, ORDER_AMOUNT, order, redeem, validate, voucher, type Redeemable } from './checkout-support.js'
import { createCampaign, waitUntilGenerated } from './support.js'

const customer = { source_id: 'pk-contract-customer' }

const LIMIT_CASES: { slug: string; what: string; redeemables: Redeemable[] }[] = [
  { slug: 'two-stacks', what: '2 promotion stacks (only one per call)', redeemables: [{ object: 'promotion_stack', id: 'stack_pkOne0000000000' }, { object: 'promotion_stack', id: 'stack_pkTwo0000000000' }] },
]

const SIX = 6
const LIMIT = 5

/** Six real codes of a campaign this run creates, so a refusal can only be about their number. */
async function sixCodes(ctx: CheckContext): Promise<Redeemable[]> {
  const created = await createCampaign(ctx, 'DISCOUNT_COUPONS', 'six-codes', { vouchersCount: SIX })
  await waitUntilGenerated(ctx, created.response.body.id)
  const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: created.response.body.id, limit: 10 } }, { status: 200 })
  ctx.expectThat(list, '/vouchers', (v) => Array.isArray(v) && v.length === SIX, `${SIX} vouchers`)
  return list.response.body.vouchers.map((v: any) => voucher(v.code))
}

/**
 * The description allows 5 redeemables; the real service takes 1–30 and applies 5 by default, SKIPping the
 * rest as applicable_redeemables_limit_exceeded. A 400, or at most 5 applied and the others SKIPPED, pass.
 */
function expectSixHandled(ctx: CheckContext, ex: Exchange, items: readonly Redeemable[], applied: string): void {
  if (ex.response.status === 400) {
    ctx.follows('6 redeemables: refused with 400 (API description: at most 5)')
    return ctx.expectThat(ex, '/key', (k) => typeof k === 'string' && k.length > 0, 'an error key')
  }
  ctx.follows('6 redeemables: 5 applied, the 6th SKIPPED as applicable_redeemables_limit_exceeded (real service)')
  const skipped = items.filter((item) => {
    const at = findItem(ex, item.id, ['skipped_redeemables', 'redeemables', 'inapplicable_redeemables'])
    return at !== undefined && getPointer(ex.response.body, `${at}/status`) === 'SKIPPED' && getPointer(ex.response.body, `${at}/result/details/key`) === 'applicable_redeemables_limit_exceeded'
  })
  const list: any[] = ex.response.body?.[applied] ?? []
  const done = list.filter((x) => x?.status === 'APPLICABLE' || x?.result === 'SUCCESS').length
  if (skipped.length < SIX - LIMIT || done > LIMIT) {
    ctx.fail({ pointer: '/skipped_redeemables', message: `accepting ${SIX} redeemables, at most ${LIMIT} apply and the rest are SKIPPED (applicable_redeemables_limit_exceeded)`, expected: `${SIX - LIMIT} skipped`, actual: { skipped: skipped.length, applied: done } }, ex)
  }
}

const sixRedeemables: Check[] = [
  { slug: 'validate', op: 'validateStackedDiscounts', call: validate, applied: 'redeemables' },
  { slug: 'redeem', op: 'redeemStackedDiscounts', call: redeem, applied: 'redemptions' },
].map(({ slug, op, call, applied }) => ({
  id: `checkout.${slug}-six-redeemables`,
  title: `${slug === 'validate' ? 'validating' : 'redeeming'} 6 real codes: 400, or 5 applied and the 6th SKIPPED (applicable_redeemables_limit_exceeded)`,
  operationIds: ['createCampaign', 'listVouchers', op],
  readOnly: false,
  requests: 9,
  shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
  prepare: sixCodes,
  async run(ctx) {
    const items = await ctx.prepared<Redeemable[]>()
    const body = slug === 'redeem' ? { redeemables: items, order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), customer: { source_id: ctx.name('customer'), metadata: ctx.tag }, metadata: ctx.tag } : { redeemables: items, order: order(), customer }
    const ex = await call(ctx, body, [200, 400])
    if (slug === 'redeem' && ex.response.status === 200) ctx.cleanup.keep(`redemptions of the six-codes campaign (order ${(body.order as any).source_id})`)
    expectSixHandled(ctx, ex, items, applied)
  },
}))

/** Validations of codes nobody has: they change nothing, so they are safe on production too. */
const UNKNOWN_CODE_CASES: { slug: string; title: string; value: number; redeemables: (code: string) => Redeemable[]; status: number[]; expect(ctx: CheckContext, ex: Exchange, code: string): void }[] = [
  {
    slug: 'unknown-code',
    value: 2,
    title: 'validating an unknown code: 200, valid false, the code INAPPLICABLE as not found, no discount',
    redeemables: (code) => [voucher(code)],
    status: [200],
    expect(ctx, ex, code) {
      ctx.expectField(ex, '/valid', false, 'an unknown code makes the validation invalid')
      expectInapplicable(ctx, ex, code, ['resource_not_found', 'not_found'], 'an unknown code')
      if (ex.response.body.order !== undefined) expectOrderMoney(ctx, ex, '/order', { amount: ORDER_AMOUNT, discount: 0 })
    },
  },
  {
    slug: 'duplicated-code',
    value: 1,
    title: 'validating the same unknown code twice: 400 duplicated_redeemables, or the item INAPPLICABLE as duplicated',
    redeemables: (code) => [voucher(code), voucher(code)],
    status: [200, 400],
    expect(ctx, ex, code) {
      if (ex.response.status === 400) return ctx.expectField(ex, '/key', 'duplicated_redeemables', 'the real service documents 400 duplicated_redeemables')
      ctx.expectField(ex, '/valid', false, 'a duplicated redeemable makes the validation invalid')
      expectInapplicable(ctx, ex, code, ['duplicated_redeemables'], 'a code sent twice')
    },
  },
]

export const checkoutChecks: Check[] = [
  ...sixRedeemables,
  ...LIMIT_CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.validate-${slug}-400`,
    title: `validating ${what} gets 400`,
    operationIds: ['validateStackedDiscounts'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      await validate(ctx, { redeemables, order: order(), customer }, 400)
    },
  })),
  ...LIMIT_CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.redeem-${slug}-400`,
    title: `redeeming ${what} gets 400`,
    operationIds: ['redeemStackedDiscounts'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      await redeem(ctx, { redeemables, order: order(), customer }, 400)
    },
  })),
  ...UNKNOWN_CODE_CASES.map(({ slug, title, value, redeemables, status, expect }): Check => ({
    id: `checkout.validate-${slug}`,
    title,
    operationIds: ['validateStackedDiscounts'],
    readOnly: true,
    requests: 1,
    value,
    shares: {},
    async run(ctx) {
      const code = `${ctx.prefix}NO-SUCH-CODE`
      const ex = await validate(ctx, { redeemables: redeemables(code), order: order() }, status)
      expect(ctx, ex, code)
    },
  })),
  {
    id: 'checkout.get-unknown-redemption-404',
    title: 'reading an unknown redemption gets 404',
    operationIds: ['getRedemption'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      await callIfDeployed(ctx, { operationId: 'getRedemption', method: 'GET', path: '/v1/redemptions/r_pkUnknown000000000000' }, 404)
    },
  },
]
