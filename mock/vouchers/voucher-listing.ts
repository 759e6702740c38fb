import { enumValues } from '../../src/types/enum-values.js'
import { ApiError } from '../errors.js'
import type { QueryOf } from '../spec-shapes.js'
import { DATE_OPS, dateCondition } from '../filters/conditions.js'
import { compileFilters, type Predicate } from '../filters/filter-engine.js'
import { voucherFields, voucherReader, type VoucherReader } from './voucher-fields.js'
import type { VoucherAt } from './voucher-mutations.js'
import { firstK, mergeNewest } from './voucher-merge.js'
import type { Batch, VoucherListPage } from './voucher-types.js'
import { buildVoucherView } from './voucher-view.js'
import { pageWindow } from '../list-page.js'

/** listVouchers as the store sees it: the spec's query, with references already resolved (campaign names, customer source ids). */
export interface VoucherListQuery extends Pick<QueryOf<'listVouchers'>, 'limit' | 'page' | 'created_at' | 'updated_at' | 'order' | 'filters'> {
  /** Only vouchers of these campaigns (ids); an empty list matches nothing. */
  campaignIds?: readonly string[]
  /** A category name or id. */
  category?: string
  /** Only vouchers held by one of these customers (`cust_` ids). */
  holderIds?: readonly string[]
}

export interface ListingSource {
  /** Every batch, oldest first. */
  batches: readonly Batch[]
  visible: (batch: Batch) => number
  /** Materialises a batch's codes (needed to read or compare a code). */
  generate: (batch: Batch) => void
  now: number
}

export const VOUCHER_ORDERS: readonly string[] = enumValues<NonNullable<QueryOf<'listVouchers'>['order']>>({
  'created_at': true, '-created_at': true, 'updated_at': true, '-updated_at': true, 'type': true, '-type': true,
  'code': true, '-code': true, 'campaign': true, '-campaign': true, 'category': true, '-category': true,
})

const bad = (details: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', details)

/**
 * One page of vouchers. Sorted by creation (the default, newest first) with nothing to test per
 * voucher, the page is merged from the campaigns' batches without looking at the others; any other
 * order or a per-voucher condition scans the candidates, then sorts the matches.
 * `direct`: the only candidates (`code`, `ids`), found by lookup instead of a scan.
 */
export function listVoucherPage(query: VoucherListQuery, source: ListingSource, direct?: readonly VoucherAt[]): VoucherListPage {
  const { limit, start: skip } = pageWindow(query)
  const order = query.order ?? '-created_at'
  if (!VOUCHER_ORDERS.includes(order)) throw bad(`order: must be one of ${VOUCHER_ORDERS.join(', ')}, got "${order}"`)
  const codes = ({ batch, index }: VoucherAt): string => {
    if (batch.codes === null) source.generate(batch)
    return batch.codes!.at(index)
  }
  const read = voucherReader(codes)
  const inBatch = batchTest(query)
  const tests = voucherTests(query, read, source.now)
  const batches = source.batches.filter(inBatch)

  let picked: VoucherAt[]
  let total: number
  if (direct) {
    const matches = direct.filter((at) => inBatch(at.batch) && tests.every((t) => t(at)))
    ;({ picked, total } = sortedPage(matches, order, read, skip, limit))
  } else if (tests.length === 0 && (order === '-created_at' || order === 'created_at')) {
    total = batches.reduce((n, b) => n + source.visible(b), 0)
    picked = mergeNewest(batches, source.visible, read.createdAt, order === '-created_at', skip, limit)
  } else {
    const matches: VoucherAt[] = []
    for (const batch of batches) {
      const n = source.visible(batch)
      const at = { batch, index: 0 }
      for (let i = 0; i < n; i++) {
        at.index = i
        if (tests.every((t) => t(at))) matches.push({ batch, index: i })
      }
    }
    ;({ picked, total } = sortedPage(matches, order, read, skip, limit))
  }
  for (const at of picked) if (at.batch.codes === null) source.generate(at.batch)
  return { object: 'list', data_ref: 'vouchers', vouchers: picked.map((at) => buildVoucherView(at.batch, at.index)), total }
}

function batchTest(query: VoucherListQuery): (batch: Batch) => boolean {
  const campaigns = query.campaignIds && new Set(query.campaignIds)
  const category = query.category
  return (batch) =>
    (!campaigns || campaigns.has(batch.campaign.id)) &&
    (category === undefined || batch.campaign.category?.name === category || batch.campaign.category?.id === category)
}

function voucherTests(query: VoucherListQuery, read: VoucherReader, now: number): Predicate<VoucherAt>[] {
  const tests: Predicate<VoucherAt>[] = []
  if (query.holderIds) {
    const holders = new Set(query.holderIds)
    tests.push((at) => holders.has(read.holderId(at) ?? ''))
  }
  tests.push(...dateRange('created_at', query.created_at, read.createdAt, now))
  tests.push(...dateRange('updated_at', query.updated_at, read.updatedAt, now))
  const filters = compileFilters(query.filters, voucherFields(read), { now, errorCode: 'INVALID_QUERY_PARAMS', where: 'filters', style: 'query' })
  if (filters.predicates.length > 0) tests.push(filters.matches)
  return tests
}

/**
 * `created_at[after]=..&created_at[before]=..` (the real service's List Vouchers parameter), also read in
 * the filter vocabulary: `created_at[conditions][$after]=..` or `created_at[$after]=..`.
 */
function dateRange(name: string, value: unknown, get: (at: VoucherAt) => number | undefined, now: number): Predicate<VoucherAt>[] {
  if (value === undefined) return []
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(`${name}: expects ${name}[after] and/or ${name}[before]`)
  const raw = value as Record<string, unknown>
  const conditions = (Object.hasOwn(raw, 'conditions') ? raw.conditions : raw) as Record<string, unknown>
  if (typeof conditions !== 'object' || conditions === null || Object.keys(conditions).length === 0) {
    throw bad(`${name}: expects ${name}[after] and/or ${name}[before]`)
  }
  return Object.entries(conditions).map(([key, v]) => {
    const op = key === 'after' || key === 'before' ? `$${key}` : key
    const where = Object.hasOwn(raw, 'conditions') ? `${name}[conditions][${key}]` : `${name}[${key}]`
    if (!(DATE_OPS as readonly string[]).includes(op)) throw bad(`${where}: unknown condition; use after, before (or ${DATE_OPS.join(', ')})`)
    return dateCondition(get, op, v, where, now, bad)
  })
}

function sortedPage(matches: VoucherAt[], order: string, read: VoucherReader, skip: number, limit: number): { picked: VoucherAt[]; total: number } {
  const descending = order.startsWith('-')
  const key = sortKey(order.replace(/^-/, ''), read)
  // keys read once per voucher; ties go newest first (created_at, then slot)
  const entries = matches.map((at) => ({ at, k: key(at), t: read.createdAt(at), slot: at.batch.base + at.index }))
  const first = (x: (typeof entries)[number], y: (typeof entries)[number]): boolean => {
    if (x.k !== y.k) return (x.k < y.k) !== descending
    return x.t !== y.t ? x.t > y.t : x.slot > y.slot
  }
  return { picked: firstK(entries, skip + limit, first).slice(skip).map((e) => e.at), total: matches.length }
}

function sortKey(key: string, read: VoucherReader): (at: VoucherAt) => string | number {
  switch (key) {
    case 'created_at': return read.createdAt
    // never updated: before every updated voucher, so `-updated_at` starts with the latest change
    case 'updated_at': return (at) => read.updatedAt(at) ?? -Infinity
    case 'code': return read.code
    case 'type': return (at) => at.batch.campaign.voucher?.type ?? ''
    case 'campaign': return (at) => at.batch.campaign.name
    default: return (at) => at.batch.campaign.category?.name ?? ''
  }
}
