import type { Check, CheckContext } from '../check.js'
import type { Exchange, RequestSpec } from '../http-client.js'

/** Validations/redemptions may not be deployed yet: a route 404 (or no such operation in the spec) skips. */
async function callIfDeployed(ctx: CheckContext, spec: RequestSpec, status: number): Promise<Exchange> {
  if (!ctx.validator.operations.some((o) => o.operationId === spec.operationId)) ctx.skip(`${spec.operationId} is not in the spec`)
  const ex = await ctx.client.send(spec)
  const body = ex.response.body
  if (ex.response.status === 404 && (body?.resource_type === 'route' || typeof body !== 'object')) ctx.skip(`${spec.operationId} is not deployed on the target (404 for the route)`)
  ctx.expectResponse(ex, { status })
  return ex
}

const coupon = (i: number) => ({ object: 'voucher', id: `PK-CODE-${i}` })
const order = { amount: 10_000, items: [{ quantity: 1, price: 10_000, amount: 10_000 }] }
const customer = { source_id: 'pk-contract-customer' }

const CASES: { slug: string; what: string; redeemables: unknown[] }[] = [
  { slug: 'six-redeemables', what: '6 redeemables (the limit is 5)', redeemables: [1, 2, 3, 4, 5, 6].map(coupon) },
  { slug: 'two-stacks', what: '2 promotion stacks (only one per call)', redeemables: [{ object: 'promotion_stack', id: 'stack_pkOne0000000000' }, { object: 'promotion_stack', id: 'stack_pkTwo0000000000' }] },
]

export const checkoutChecks: Check[] = [
  ...CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.validate-${slug}-400`,
    title: `validating ${what} gets 400`,
    operationIds: ['validateStackedDiscounts'],
    readOnly: true,
    async run(ctx) {
      await callIfDeployed(ctx, { operationId: 'validateStackedDiscounts', method: 'POST', path: '/v1/validations', body: { redeemables, order, customer } }, 400)
    },
  })),
  ...CASES.map(({ slug, what, redeemables }): Check => ({
    id: `checkout.redeem-${slug}-400`,
    title: `redeeming ${what} gets 400`,
    operationIds: ['redeemStackedDiscounts'],
    readOnly: false,
    async run(ctx) {
      await callIfDeployed(ctx, { operationId: 'redeemStackedDiscounts', method: 'POST', path: '/v1/redemptions', body: { redeemables, order, customer } }, 400)
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
