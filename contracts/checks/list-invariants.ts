import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { listResources } from '../list-resources.js'
import { listItems } from '../list-shapes.js'
import { authFor } from '../operation-auth.js'
import type { SuiteOperation } from '../suite-validator.js'
import type { FixtureId, KnownIds } from '../types.js'
import { ordersToSend } from './mock-only.js'
import { enc } from './support.js'

/** Path parameters of a list the run can fill: from the flags (or discovery). */
const PATH_IDS: Record<string, keyof KnownIds> = { projectId: 'projectId', rewardId: 'rewardId', memberId: 'referralMemberId', campaignId: 'referralCampaignId' }

/** Items per page in the paging test. */
const PAGE_SIZE = 1

const param = (op: SuiteOperation, name: string) => op.parameters.find((p) => p.in === 'query' && p.name === name)
const isList = (op: SuiteOperation): boolean => op.method.toUpperCase() === 'GET' && param(op, 'limit') !== undefined

/** Scalar query parameters named like a field of the listed items: documented filters the suite can verify. */
const scalarFilters = (op: SuiteOperation): string[] =>
  op.parameters.filter((p) => p.in === 'query' && !['limit', 'page', 'order', 'starting_after_id', 'include_total', 'expand', 'filters'].includes(p.name) && ['string', 'boolean'].includes(p.schema?.type)).map((p) => p.name)

function compare(a: unknown, b: unknown): number {
  const [x, y] = [a, b].map((v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? Date.parse(v) : v)) as [any, any]
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * Paging, ordering and filter invariants of every list of the spec (every GET with `limit`): `limit` respected,
 * pages (by `page` or by the `starting_after_id` cursor) disjoint and adding up to one listing, `total` the same
 * on every page and equal to what the listing holds, `has_more` true exactly while more follow, every `order` the
 * spec documents honoured, and each scalar filter named like an item field keeping exactly the matching items.
 */
/** A voucher's own lists are those of the first voucher the project lists: what their check prepares (ahead, side by side). */
const firstVoucherCode = async (ctx: CheckContext): Promise<string | undefined> =>
  (await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { limit: 1 } }, { status: 200 })).response.body.vouchers?.[0]?.code

/** A list check's preparation, where its path names a voucher (`{code}`). */
export const listPrepare = (op: SuiteOperation): Pick<Check, 'prepare'> => (op.path.includes('{code}') ? { prepare: firstVoucherCode } : {})

/** The list's path with its parameters filled (skips the check when one is neither given nor discovered). */
export async function listPath(ctx: CheckContext, op: SuiteOperation): Promise<string> {
  const values: Record<string, string | undefined> = Object.fromEntries(Object.entries(PATH_IDS).map(([n, id]) => [n, ctx.ids[id]]))
  if (op.path.includes('{code}')) values.code = await ctx.prepared<string | undefined>()
  const missing = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => !values[n])
  if (missing.length) ctx.skip(`needs ${missing.join(', ')} (not given and not discovered)`)
  return op.path.replace(/\{(\w+)\}/g, (_, n: string) => enc(values[n]!))
}

/** The ids a list's path needs, for `uses`. */
export const pathFixtures = (op: SuiteOperation): FixtureId[] => op.path.match(/\{(\w+)\}/g)?.map((m) => PATH_IDS[m.slice(1, -1)]).filter(Boolean) ?? []

export function listInvariantChecks(operations: readonly SuiteOperation[]): Check[] {
  return operations.filter(isList).map((op) => {
    const orders: string[] = param(op, 'order')?.schema?.enum ?? []
    const filters = scalarFilters(op)
    return {
      id: `lists.${op.operationId}`,
      title: `${op.operationId}: limit, pages, total and has_more agree${orders.length ? `; ${orders.length} documented orders` : ''}${filters.length ? `; filters ${filters.join(', ')}` : ''}`,
      operationIds: [op.operationId],
      readOnly: true,
      uses: pathFixtures(op),
      requests: 4 + orders.length + filters.length,
      shares: { reads: listResources(op.operationId) },
      ...listPrepare(op),
      async run(ctx) {
        const auth = authFor(op, ctx.client.credentials)
        if (!auth) ctx.skip(`no credentials for ${op.operationId}`)
        const path = await listPath(ctx, op)
        const total = param(op, 'include_total') ? { include_total: true } : {}
        const get = (query: Record<string, string | number | boolean>) => ctx.call({ operationId: op.operationId, method: 'GET', path, auth, query: { ...total, ...query } }, { status: 200 })
        // Every read is of the same stable listing: side by side, not one after another. Pages of one item each,
        // so the second page is asked at once (by `page`) and paging is seen on any list of two items or more.
        const secondByPage = param(op, 'page') && !param(op, 'starting_after_id')
        await Promise.all([...ordersToSend(ctx, op.operationId, orders).map((order) => ordered(ctx, get, order)), (async () => {
          const [full, first, second] = await Promise.all([get({ limit: 100 }), get({ limit: PAGE_SIZE }), secondByPage ? get({ limit: PAGE_SIZE, page: 2 }) : undefined])
          const all = (listItems(full.response.body) ?? []).map((i: any) => i?.id)
          const complete = full.response.body.has_more !== true && all.length < 100
          if (complete && typeof full.response.body.total === 'number') ctx.expectField(full, '/total', all.length, 'total counts what the listing holds')
          await Promise.all([paging(ctx, op, get, all, complete, first, second), ...filters.map((name) => filter(ctx, get, full, name, complete))])
        })()])
      },
    }
  })
}

type Get = (query: Record<string, string | number | boolean>) => Promise<Exchange>

/** An enum constant (`DONE`, `GIFT_VOUCHER`): the documentation gives no order among such values. */
const ENUM_VALUE = /^[A-Z][A-Z0-9_]*$/

/**
 * Whether `values` are sorted as `order` asks. Neither the description nor the real service documents a collation
 * or the rank of enum values, so strings may sort by code unit or case-insensitively, and an enum field (every
 * value an enum constant) only has to keep equal values together (a database sorts an enum by its declared rank).
 */
function sortedAsAsked(values: readonly unknown[], sign: number): number {
  const byCodeUnit = values.findIndex((v, i) => i > 0 && sign * compare(values[i - 1], v) > 0)
  if (byCodeUnit < 0) return -1
  const strings = values.every((v) => typeof v === 'string')
  if (strings && values.every((v, i) => i === 0 || sign * (values[i - 1] as string).localeCompare(v as string, 'en', { sensitivity: 'base' }) <= 0)) return -1
  if (strings && values.every((v) => ENUM_VALUE.test(v as string))) {
    const runs = values.filter((v, i) => i === 0 || v !== values[i - 1])
    if (new Set(runs).size === runs.length) return -1
  }
  return byCodeUnit
}

/** Each documented order sorts the listing by its field. */
async function ordered(ctx: CheckContext, get: Get, order: string): Promise<void> {
  const res = await get({ limit: 100, order })
  const field = order.replace(/^-/, '')
  const values = (listItems(res.response.body) ?? []).map((i: any) => i?.[field]).filter((v: unknown) => v !== undefined && v !== null)
  const sign = order.startsWith('-') ? -1 : 1
  const i = sortedAsAsked(values, sign)
  if (i > 0) ctx.fail({ pointer: `/${res.response.body.data_ref}/${i}/${field}`, message: `order=${order} must sort by ${field}`, expected: `${sign > 0 ? '>=' : '<='} ${JSON.stringify(values[i - 1])}`, actual: values[i] }, res)
}

/** `first`: the page of PAGE_SIZE items; `byPage`: page 2 when the list pages by number (else it goes by cursor). */
async function paging(ctx: CheckContext, op: SuiteOperation, get: Get, all: string[], complete: boolean, first: Exchange, byPage: Exchange | undefined): Promise<void> {
  const size = PAGE_SIZE
  const one = (listItems(first.response.body) ?? []).map((i: any) => i?.id)
  if (one.length > size) ctx.fail({ pointer: `/${first.response.body.data_ref}`, message: `limit=${size} must return at most ${size} items`, expected: size, actual: one.length }, first)
  const hasMore = first.response.body.has_more
  if (complete && typeof hasMore === 'boolean' && hasMore !== all.length > size) ctx.fail({ pointer: '/has_more', message: `has_more must say whether more than the ${size} listed follow (${all.length} in all)`, expected: all.length > size, actual: hasMore }, first)
  if (complete && typeof first.response.body.total === 'number') ctx.expectField(first, '/total', all.length, 'total is the same on every page: all the items, not the page')
  if (all.length <= size) return
  const second = param(op, 'starting_after_id') ? await get({ limit: size, starting_after_id: first.response.body.more_starting_after ?? one[one.length - 1] }) : byPage
  if (!second) return
  const two = (listItems(second.response.body) ?? []).map((i: any) => i?.id)
  const repeated = two.find((id: string) => one.includes(id))
  if (repeated) ctx.fail({ pointer: `/${second.response.body.data_ref}`, message: 'the second page repeats an item of the first (pages must be disjoint)', actual: repeated }, second)
  if (complete && [...one, ...two].join() !== all.slice(0, one.length + two.length).join()) ctx.fail({ pointer: `/${second.response.body.data_ref}`, message: 'the first two pages must be the start of the full listing', expected: all.slice(0, one.length + two.length), actual: [...one, ...two] }, second)
}

async function filter(ctx: CheckContext, get: Get, full: Exchange, name: string, complete: boolean): Promise<void> {
  const items = listItems(full.response.body) ?? []
  const sample = items.find((i: any) => i && (typeof i[name] === 'string' || typeof i[name] === 'boolean'))
  if (!sample) return
  const value = sample[name]
  const res = await get({ limit: 100, [name]: value })
  const kept = listItems(res.response.body) ?? []
  kept.forEach((item: any, i: number) => {
    if (item?.[name] !== value) ctx.fail({ pointer: `/${res.response.body.data_ref}/${i}/${name}`, message: `${name}=${value} must keep only matching items`, expected: value, actual: item?.[name] }, res)
  })
  const wanted = items.filter((i: any) => i?.[name] === value).map((i: any) => i.id)
  const got = new Set(kept.map((i: any) => i?.id))
  const lost = wanted.find((id: string) => !got.has(id))
  if (complete && lost) ctx.fail({ pointer: `/${res.response.body.data_ref}`, message: `${name}=${value} must keep every matching item`, expected: wanted, actual: [...got] }, res)
}
