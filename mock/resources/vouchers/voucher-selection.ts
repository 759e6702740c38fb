import type { Predicate } from '../filters/filter-engine.js'
import { codeOrder } from './code-order.js'
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

/** Tests every voucher (tests on codes, ids or creation times): the one O(n) case, with 1 byte per voucher kept. */
export function selectByScan(batch: Batch, n: number, tests: readonly Predicate<VoucherAt>[]): Selection | undefined {
  const hits = new Uint8Array(n)
  let count = 0
  const at = { batch, index: 0 }
  for (let i = 0; i < n; i++) {
    at.index = i
    if (tests.every((t) => t(at))) {
      hits[i] = 1
      count++
    }
  }
  if (count === 0) return undefined
  if (count > FEW) return { batch, n, count, few: null, has: (i) => hits[i] === 1 }
  const few: number[] = []
  for (let i = 0; i < n; i++) if (hits[i] === 1) few.push(i)
  return { batch, n, count, few, has: (i) => hits[i] === 1 }
}

/**
 * For queries that require `code` to start with `prefix` (and maybe more): the campaign's codes in code
 * order hold those codes in one run, found by binary search; only they are tested.
 */
export function selectByCodePrefix(batch: Batch, n: number, prefix: string, tests: readonly Predicate<VoucherAt>[], generate: (batch: Batch) => void): Selection | undefined {
  if (batch.codes === null) generate(batch)
  const codes = batch.codes!
  const order = codeOrder(codes)
  let lo = 0
  for (let hi = order.length; lo < hi;) {
    const mid = (lo + hi) >>> 1
    if (codes.at(order[mid]) < prefix) lo = mid + 1
    else hi = mid
  }
  const picked: number[] = []
  for (let k = lo; k < order.length && codes.at(order[k]).startsWith(prefix); k++) {
    const index = order[k]
    if (index < n && tests.every((t) => t({ batch, index }))) picked.push(index)
  }
  if (picked.length === 0) return undefined
  if (picked.length <= FEW) return selectFew(batch, n, picked)
  const hits = new Uint8Array(n)
  for (const index of picked) hits[index] = 1
  return { batch, n, count: picked.length, few: null, has: (i) => hits[i] === 1 }
}
