import { enumValues } from '../../../src/types/enum-values.js'
import { ApiError } from '../../engine/errors.js'
import type { QueryOf } from '../../engine/spec-shapes.js'
import { DATE_OPS, dateCondition } from '../filters/conditions.js'
import { compileFilters, type Predicate } from '../filters/filter-engine.js'
import { voucherFields, voucherReader, type VoucherReader } from './voucher-fields.js'
import type { VoucherAt } from './voucher-mutations.js'
import { orderedPage } from './voucher-order.js'
import { scanAll, scanCodePrefix, selectAll, selectByCampaign, selectFew, selectScanned, type Scan, type Selection } from './voucher-selection.js'
import type { ByteCodes, StringCodes } from './code-list.js'
import type { Batch, VoucherListPage } from './voucher-types.js'
import { buildVoucherView } from './voucher-view.js'
import { pageWindow } from '../../engine/list-page.js'

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
  /** The indices of a batch's codes in code order (code-order). */
  codeOrder: (codes: ByteCodes | StringCodes) => Uint32Array
  /** The batch's scan for this list's tests, made by `steps` (yielding after every `step` vouchers) unless this list made it already. */
  scan: (batch: Batch, steps: (step: number) => Generator<void, Scan>) => Scan
  now: number
}

export const VOUCHER_ORDERS: readonly string[] = enumValues<NonNullable<QueryOf<'listVouchers'>['order']>>({
  'created_at': true, '-created_at': true, 'updated_at': true, '-updated_at': true, 'type': true, '-type': true,
  'code': true, '-code': true, 'campaign': true, '-campaign': true, 'category': true, '-category': true,
})

const bad = (details: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', details)

/** Fields that differ between two untouched vouchers of one campaign: a test reading one must look at every voucher. */
const PER_VOUCHER: ReadonlySet<string> = new Set(['id', 'code', 'created_at'])

/**
 * One page of vouchers. Each campaign's matches are found without looking at its untouched vouchers
 * one by one unless a test reads what differs between them (code, id, created_at: then every voucher is
 * tested), and the page is merged from the campaigns in the order asked (voucher-order), so a page of
 * ten costs about ten vouchers' work plus what it skips, not a sort of every voucher.
 * `direct`: the only candidates (`code`, `ids`), found by lookup instead of a scan.
 */
export function listVoucherPage(query: VoucherListQuery, source: ListingSource, direct?: readonly VoucherAt[]): VoucherListPage {
  const { limit, start: skip } = pageWindow(query)
  const order = query.order ?? '-created_at'
  if (!VOUCHER_ORDERS.includes(order)) throw bad(`order: must be one of ${VOUCHER_ORDERS.join(', ')}, got "${order}"`)
  const read = voucherReader(({ batch, index }) => {
    if (batch.codes === null) source.generate(batch)
    return batch.codes!.at(index)
  })
  const inBatch = batchTest(query)
  const { tests, reads } = voucherTests(query, read, source.now)
  const selections = direct ? selectDirect(direct, inBatch, tests, source) : selectBatches(source, inBatch, tests, reads, codePrefixOf(query.filters))
  const total = selections.reduce((n, s) => n + s.count, 0)
  const picked = orderedPage(selections, order, read, source, skip, limit)
  for (const at of picked) if (at.batch.codes === null) source.generate(at.batch)
  return { object: 'list', data_ref: 'vouchers', vouchers: picked.map((at) => buildVoucherView(at.batch, at.index)), total }
}

function selectBatches(source: ListingSource, inBatch: (batch: Batch) => boolean, tests: Predicate<VoucherAt>[], reads: ReadonlySet<string>, codePrefix?: string): Selection[] {
  const perVoucher = [...reads].some((field) => PER_VOUCHER.has(field))
  const selections: Selection[] = []
  for (const batch of source.batches) {
    const n = inBatch(batch) ? source.visible(batch) : 0
    if (n === 0) continue
    const selection = tests.length === 0 ? selectAll(batch, n) : !perVoucher ? selectByCampaign(batch, n, tests) : selectScanned(batch, n, scanOf(batch, source, tests, reads, codePrefix), tests)
    if (selection) selections.push(selection)
  }
  return selections
}

/** Where a per-voucher test's matches are: every voucher tested, or only those in the run of codes with the prefix every match needs. */
function scanOf(batch: Batch, source: ListingSource, tests: Predicate<VoucherAt>[], reads: ReadonlySet<string>, codePrefix?: string): Scan {
  // codes are made before a scan that reads them, not in the middle of it
  if (batch.codes === null && (reads.has('code') || codePrefix !== undefined)) source.generate(batch)
  if (codePrefix === undefined) return source.scan(batch, (step) => scanAll(batch, batch.codes?.length ?? batch.size, tests, step))
  const order = source.codeOrder(batch.codes!)
  return source.scan(batch, (step) => scanCodePrefix(batch, codePrefix, order, tests, step))
}

/**
 * The prefix every match's code must start with: `filters[code][conditions][$starts_with]` (or the form
 * without `conditions`) alone on `code`, with every condition required (no `junction=or`). The tests still
 * check each candidate; this only says where the candidates are.
 */
function codePrefixOf(filters: unknown): string | undefined {
  if (typeof filters !== 'object' || filters === null) return undefined
  const { junction, code } = filters as Record<string, unknown>
  if (junction !== undefined && String(junction).toLowerCase() !== 'and') return undefined
  if (typeof code !== 'object' || code === null) return undefined
  const conditions = (Object.hasOwn(code, 'conditions') ? (code as Record<string, unknown>).conditions : code) as Record<string, unknown>
  if (typeof conditions !== 'object' || conditions === null || Object.keys(conditions).join() !== '$starts_with') return undefined
  const value = conditions.$starts_with
  const prefix = Array.isArray(value) && value.length === 1 ? value[0] : value
  return typeof prefix === 'string' ? prefix : undefined
}

function selectDirect(direct: readonly VoucherAt[], inBatch: (batch: Batch) => boolean, tests: Predicate<VoucherAt>[], source: ListingSource): Selection[] {
  const byBatch = new Map<Batch, number[]>()
  for (const at of direct) {
    if (!inBatch(at.batch) || !tests.every((t) => t(at))) continue
    const indices = byBatch.get(at.batch)
    if (indices) indices.push(at.index)
    else byBatch.set(at.batch, [at.index])
  }
  return [...byBatch].map(([batch, indices]) => selectFew(batch, source.visible(batch), indices))
}

function batchTest(query: VoucherListQuery): (batch: Batch) => boolean {
  const campaigns = query.campaignIds && new Set(query.campaignIds)
  const category = query.category
  return (batch) =>
    (!campaigns || campaigns.has(batch.campaign.id)) &&
    (category === undefined || batch.campaign.category?.name === category || batch.campaign.category?.id === category)
}

/** The per-voucher tests of a query, and the voucher fields they read. */
export function voucherTests(query: VoucherListQuery, read: VoucherReader, now: number): { tests: Predicate<VoucherAt>[]; reads: Set<string> } {
  const tests: Predicate<VoucherAt>[] = []
  const reads = new Set<string>()
  if (query.holderIds) {
    reads.add('holder_id')
    const holders = new Set(query.holderIds)
    tests.push((at) => holders.has(read.holderId(at) ?? ''))
  }
  for (const name of ['created_at', 'updated_at'] as const) {
    const range = dateRange(name, query[name], name === 'created_at' ? read.createdAt : read.updatedAt, now)
    if (range.length > 0) reads.add(name)
    tests.push(...range)
  }
  const filters = compileFilters(query.filters, voucherFields(read), { now, errorCode: 'INVALID_QUERY_PARAMS', where: 'filters', style: 'query' })
  if (filters.predicates.length > 0) tests.push(filters.matches)
  for (const condition of filters.conditions) reads.add(condition.field)
  return { tests, reads }
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
