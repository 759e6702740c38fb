import type { Predicate } from '../filters/filter-engine.js'
import type { VoucherAt } from './voucher-mutations.js'
import type { Batch } from './voucher-types.js'

/** The vouchers of one campaign that a list query selects. */
export interface Selection {
  batch: Batch
  /** Vouchers of the campaign that exist now (indices 0 to n - 1). */
  n: number
  count: number
  /** The selected indices when they are few (any order); null: every index below n that `has`. */
  few: number[] | null
  has: (index: number) => boolean
}

/** Explicit index lists up to this size; more matches of a scan are kept as a bitmap. */
const FEW = 4096

const all = (): boolean => true

/** Every voucher of the campaign. */
export function selectAll(batch: Batch, n: number): Selection {
  return { batch, n, count: n, few: null, has: all }
}

export function selectFew(batch: Batch, n: number, indices: number[]): Selection {
  const set = new Set(indices)
  return { batch, n, count: indices.length, few: indices, has: (i) => set.has(i) }
}

/**
 * For tests that read nothing that differs between two untouched vouchers of a campaign (no code, id
 * nor created_at): one untouched voucher answers for all of them, and only the vouchers with their own
 * state (few: the changed ones) are tested one by one. O(changed vouchers), whatever the campaign's size.
 */
export function selectByCampaign(batch: Batch, n: number, tests: readonly Predicate<VoucherAt>[]): Selection | undefined {
  const passes = (index: number): boolean => tests.every((t) => t({ batch, index }))
  let own = 0
  const picked: number[] = []
  for (const index of batch.state.keys()) {
    if (index >= n) continue
    own++
    if (passes(index)) picked.push(index)
  }
  let untouched = 0
  while (untouched < n && batch.state.has(untouched)) untouched++
  const plain = untouched < n && passes(untouched)
  if (!plain) return picked.length > 0 ? selectFew(batch, n, picked) : undefined
  const refused = new Set(batch.state.keys())
  for (const index of picked) refused.delete(index)
  return { batch, n, count: n - own + picked.length, few: null, has: (i) => !refused.has(i) }
}

/**
 * Which of a batch's vouchers a per-voucher test (code, id, created_at) passes, worked out in steps by a
 * list and kept for its next attempts (list-work): 1 byte per voucher the batch may show (the clock may
 * show more before the list answers), how many passed, and which when few. Valid while the campaign
 * reads the same.
 */
export interface Scan {
  hits: Uint8Array
  count: number
  /** The passing indices while at most FEW (may repeat or hold indices that fail since: see selectScanned). */
  few: number[] | null
  campaign: string
}

const campaignOf = (batch: Batch): string => JSON.stringify(batch.campaign)

function hit(scan: Scan, index: number): void {
  scan.hits[index] = 1
  scan.count++
  if (scan.few && scan.few.push(index) > FEW) scan.few = null
}

/** Tests every voucher up to `length`, yielding after every `step`: the one O(n) case. */
export function* scanAll(batch: Batch, length: number, tests: readonly Predicate<VoucherAt>[], step: number): Generator<void, Scan> {
  const scan: Scan = { hits: new Uint8Array(length), count: 0, few: [], campaign: campaignOf(batch) }
  const at = { batch, index: 0 }
  const every = Math.min(step, 2 ** 30)
  let budget = every
  for (let i = 0; i < length; i++) {
    at.index = i
    if (tests.every((t) => t(at))) hit(scan, i)
    if (--budget === 0) {
      budget = every
      yield
    }
  }
  return scan
}

/**
 * For queries that require `code` to start with `prefix` (and maybe more): the campaign's codes in code
 * order (`order`) hold those codes in one run, found by binary search; only they are tested.
 */
export function* scanCodePrefix(batch: Batch, prefix: string, order: Uint32Array, tests: readonly Predicate<VoucherAt>[], step: number): Generator<void, Scan> {
  const codes = batch.codes!
  const scan: Scan = { hits: new Uint8Array(codes.length), count: 0, few: [], campaign: campaignOf(batch) }
  let lo = 0
  for (let hi = order.length; lo < hi;) {
    const mid = (lo + hi) >>> 1
    if (codes.at(order[mid]) < prefix) lo = mid + 1
    else hi = mid
  }
  const every = Math.min(step, 2 ** 30)
  let budget = every
  for (let k = lo; k < order.length && codes.at(order[k]).startsWith(prefix); k++) {
    const index = order[k]
    if (tests.every((t) => t({ batch, index }))) hit(scan, index)
    if (--budget === 0) {
      budget = every
      yield
    }
  }
  return scan
}

/** False when the campaign changed since the scan: its vouchers must be tested again. */
export function scanStillHolds(scan: Scan, batch: Batch): boolean {
  return scan.campaign === campaignOf(batch)
}

/**
 * The selection a scan gives now: the vouchers below `n` it found, with those that have their own state
 * tested again (changed since, perhaps), so the answer is the state's at this moment. O(changed
 * vouchers + matches) once the scan is made, O(n) only while the campaign is still generating.
 */
export function selectScanned(batch: Batch, n: number, scan: Scan, tests: readonly Predicate<VoucherAt>[]): Selection | undefined {
  const hits = scan.hits
  for (const index of batch.state.keys()) {
    if (index >= hits.length) continue
    const passes = tests.every((t) => t({ batch, index }))
    if (passes && hits[index] === 0) hit(scan, index)
    else if (!passes && hits[index] === 1) {
      hits[index] = 0
      scan.count--
    }
  }
  const has = (i: number): boolean => hits[i] === 1
  let few = scan.few && [...new Set(scan.few)].filter((i) => i < n && has(i))
  let count = few ? few.length : scan.count
  if (!few && n < hits.length) {
    count = 0
    for (let i = 0; i < n; i++) count += hits[i]
  }
  if (count === 0) return undefined
  if (!few && count <= FEW) {
    few = []
    for (let i = 0; i < n; i++) if (has(i)) few.push(i)
  }
  return { batch, n, count, few, has }
}
