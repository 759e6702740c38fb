import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { callIfDeployed, expectInapplicable, expectOrderMoney, ORDER_AMOUNT, order, redeem, validate, voucher, type Redeemable } from './checkout-support.js'

const customer = { source_id: 'pk-contract-customer' }

const LIMIT_CASES: { slug: string; what: string; redeemables: Redeemable[] }[] = [
  { slug: 'six-redeemables', what: '6 redeemables (the limit is 5)', redeemables: [1, 2, 3, 4, 5, 6].map((i) => voucher(`PK-CODE-${i}`)) },
  { slug: 'two-stacks', what: '2 promotion stacks (only one per call)', redeemables: [{ object: 'promotion_stack', id: 'stack_pkOne0000000000' }, { object: 'promotion_stack', id: 'stack_pkTwo0000000000' }] },
]

/** Validations of codes nobody has: they change nothing, so they are safe on production too. */
const UNKNOWN_CODE_CASES: { slug: string; title: string; redeemables: (code: string) => Redeemable[]; status: number[]; expect(ctx: CheckContext, ex: Exchange, code: string): void }[] = [
  {
    slug: 'unknown-code',
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
  ...LIMIT_CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.validate-${slug}-400`,
    title: `validating ${what} gets 400`,
    operationIds: ['validateStackedDiscounts'],
    readOnly: true,
    async run(ctx) {
      await validate(ctx, { redeemables, order: order(), customer }, 400)
    },
  })),
  ...LIMIT_CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.redeem-${slug}-400`,
    title: `redeeming ${what} gets 400`,
    operationIds: ['redeemStackedDiscounts'],
    readOnly: false,
    async run(ctx) {
      await redeem(ctx, { redeemables, order: order(), customer }, 400)
    },
  })),
  ...UNKNOWN_CODE_CASES.map(({ slug, title, redeemables, status, expect }): Check => ({
    id: `checkout.validate-${slug}`,
    title,
    operationIds: ['validateStackedDiscounts'],
    readOnly: true,
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
    async run(ctx) {
      await callIfDeployed(ctx, { operationId: 'getRedemption', method: 'GET', path: '/v1/redemptions/r_pkUnknown000000000000' }, 404)
    },
  },
]
