import type { CheckContext } from '../check.js'
import type { ResponseExpectation } from '../expect-response.js'
import type { Exchange, RequestSpec } from '../http-client.js'
import { getPointer } from '../../src/json-pointer.js'
import { createCampaign, enc, waitUntilGenerated } from './support.js'

export interface Redeemable {
  object: 'voucher' | 'promotion_tier' | 'promotion_stack'
  id: string
}

export const ORDER_AMOUNT = 10_000
export const order = <T extends object>(extra: T = {} as T) => ({ amount: ORDER_AMOUNT, items: [{ quantity: 1, price: ORDER_AMOUNT, amount: ORDER_AMOUNT }], ...extra })
export const voucher = (id: string): Redeemable => ({ object: 'voucher', id })

/** Validations/redemptions may not be deployed yet: a route 404 (or no such operation in the spec) skips. */
export async function callIfDeployed(ctx: CheckContext, spec: RequestSpec, status: ResponseExpectation['status']): Promise<Exchange> {
  if (!ctx.validator.operations.some((o) => o.operationId === spec.operationId)) ctx.skip(`${spec.operationId} is not in the spec`)
  const ex = await ctx.client.send(spec)
  const body = ex.response.body
  if (ex.response.status === 404 && (body?.resource_type === 'route' || typeof body !== 'object')) ctx.skip(`${spec.operationId} is not deployed on the target (404 for the route)`)
  ctx.expectResponse(ex, { status })
  return ex
}

export const validate = (ctx: CheckContext, body: object, status: ResponseExpectation['status'] = 200): Promise<Exchange> =>
  callIfDeployed(ctx, { operationId: 'validateStackedDiscounts', method: 'POST', path: '/v1/validations', body }, status)

export const redeem = (ctx: CheckContext, body: object, status: ResponseExpectation['status'] = 200): Promise<Exchange> =>
  callIfDeployed(ctx, { operationId: 'redeemStackedDiscounts', method: 'POST', path: '/v1/redemptions', body }, status)

/**
 * Where the result of redeemable `id` sits. The real service lists a failed item in
 * `inapplicable_redeemables`, and its own examples sometimes in `redeemables` too: both are searched.
 */
export function findItem(ex: Exchange, id: string, lists: readonly string[] = ['inapplicable_redeemables', 'redeemables']): string | undefined {
  for (const list of lists) {
    const items = ex.response.body?.[list]
    const index = Array.isArray(items) ? items.findIndex((item: any) => item?.id === id) : -1
    if (index >= 0) return `/${list}/${index}`
  }
  return undefined
}

/** Redeemable `id` is INAPPLICABLE for one of `keys`, named by result.error.key (else result.details.key). */
export function expectInapplicable(ctx: CheckContext, ex: Exchange, id: string, keys: readonly string[], why: string): void {
  const at = findItem(ex, id)
  if (!at) ctx.fail({ pointer: '/inapplicable_redeemables', message: `${why}: ${id} must be listed as INAPPLICABLE`, expected: `an item with id ${id}`, actual: ex.response.body?.inapplicable_redeemables }, ex)
  ctx.expectField(ex, `${at}/status`, 'INAPPLICABLE', why)
  const pointer = getPointer(ex.response.body, `${at}/result/error/key`) !== undefined ? `${at}/result/error/key` : `${at}/result/details/key`
  ctx.expectThat(ex, pointer, (key) => keys.includes(key), keys.join(' or '), `${why}: the reason names it`)
}

const MONEY = ['amount', 'discount_amount', 'items_discount_amount', 'total_discount_amount', 'total_amount', 'applied_discount_amount', 'total_applied_discount_amount']

/**
 * The money of a calculated order (smallest currency unit): the amount sent, the expected order-level
 * discount, total_discount_amount = discount_amount + items_discount_amount, total_amount = amount -
 * total discount, and no amount negative. An absent discount counts as 0.
 */
export function expectOrderMoney(ctx: CheckContext, ex: Exchange, at: string, expected: { amount: number; discount: number }): void {
  const o = getPointer(ex.response.body, at) as any
  if (typeof o !== 'object' || o === null) ctx.fail({ pointer: at, message: 'the response must carry the calculated order', expected: 'an order object', actual: o }, ex)
  for (const field of MONEY) {
    ctx.expectThat(ex, `${at}/${field}`, (v) => v === undefined || (Number.isInteger(v) && v >= 0), 'a non-negative integer (smallest currency unit)', 'no amount is negative')
  }
  ctx.expectField(ex, `${at}/amount`, expected.amount, 'the order amount is the one sent')
  ctx.expectThat(ex, `${at}/discount_amount`, (v) => (v ?? 0) === expected.discount, String(expected.discount), 'the order-level discount')
  const totalDiscount = o.total_discount_amount ?? (o.discount_amount ?? 0) + (o.items_discount_amount ?? 0)
  if (o.total_discount_amount !== undefined) {
    const sum = (o.discount_amount ?? 0) + (o.items_discount_amount ?? 0)
    ctx.expectField(ex, `${at}/total_discount_amount`, sum, 'total_discount_amount = discount_amount + items_discount_amount')
  }
  ctx.expectField(ex, `${at}/total_amount`, Math.max(0, expected.amount - totalDiscount), 'total_amount = amount - total_discount_amount')
  ctx.expectField(ex, `${at}/total_amount`, expected.amount - expected.discount, `total_amount after ${expected.discount} off ${expected.amount}`)
}

/** Credits the balance checks redeem from a gift card of their own. */
export const GIFT_CREDITS = 1_000

/** A voucher read back through getVoucher, the documented read of its balance. */
export const readVoucher = (ctx: CheckContext, code: string): Promise<Exchange> =>
  ctx.call({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(code)}` }, { status: 200 })

/** A gift campaign of the run's own with one generated card (5000 credits): its code, once generated. */
export async function ownGiftCard(ctx: CheckContext, label: string): Promise<string> {
  const created = await createCampaign(ctx, 'GIFT_VOUCHERS', label, { vouchersCount: 1 })
  await waitUntilGenerated(ctx, created.response.body.id)
  const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: created.response.body.id, limit: 10 } }, { status: 200 })
  const code: unknown = list.response.body.vouchers?.[0]?.code
  if (typeof code !== 'string') ctx.fail({ pointer: '/vouchers/0/code', message: 'the gift campaign must list its generated card', actual: list.response.body.vouchers }, list)
  return code as string
}
