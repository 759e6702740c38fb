import type { VoucherAt } from './voucher-mutations.js'
import type { Batch } from './voucher-types.js'

interface Cursor {
  batch: Batch
  /** The batch's visible indices, oldest first (null: 0..n-1, already in creation order). */
  order: number[] | null
  /** Position in `order`, counted from the end when newest first. */
  pos: number
  n: number
  /** created_at and slot of the voucher under the cursor. */
  time: number
  slot: number
}

/**
 * Vouchers `skip` to `skip + limit` of the batches' vouchers in creation order (`newest`: reversed;
 * ties by slot), merged without sorting the lot: within a generated batch creation follows the index,
 * so only fixture vouchers with their own `created_at` need sorting, and a heap of one cursor per
 * batch gives the next voucher in O(log batches). Campaigns generating at the same time interleave.
 */
export function mergeNewest(
  batches: readonly Batch[],
  visible: (batch: Batch) => number,
  createdAt: (at: VoucherAt) => number,
  newest: boolean,
  skip: number,
  limit: number,
): VoucherAt[] {
  const indexAt = (c: Cursor): number => {
    const k = newest ? c.n - 1 - c.pos : c.pos
    return c.order ? c.order[k] : k
  }
  const load = (c: Cursor): boolean => {
    if (c.pos >= c.n) return false
    const index = indexAt(c)
    c.time = createdAt({ batch: c.batch, index })
    c.slot = c.batch.base + index
    return true
  }
  // a before b in the answer
  const first = (a: Cursor, b: Cursor): boolean =>
    newest ? a.time > b.time || (a.time === b.time && a.slot > b.slot) : a.time < b.time || (a.time === b.time && a.slot < b.slot)

  const heap: Cursor[] = []
  for (const batch of batches) {
    const n = visible(batch)
    if (n === 0) continue
    const cursor: Cursor = { batch, order: creationOrder(batch, n, createdAt), pos: 0, n, time: 0, slot: 0 }
    load(cursor)
    heap.push(cursor)
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(heap, i, first)

  const picked: VoucherAt[] = []
  for (let taken = 0; heap.length > 0 && taken < skip + limit; taken++) {
    const top = heap[0]
    if (taken >= skip) picked.push({ batch: top.batch, index: indexAt(top) })
    top.pos++
    if (!load(top)) {
      const last = heap.pop()!
      if (heap.length === 0) break
      heap[0] = last
    }
    down(heap, 0, first)
  }
  return picked
}

function creationOrder(batch: Batch, n: number, createdAt: (at: VoucherAt) => number): number[] | null {
  let own = false
  for (const [index, state] of batch.state) if (index < n && state.createdAt !== undefined) own = true
  if (!own) return null
  const times = Array.from({ length: n }, (_, index) => createdAt({ batch, index }))
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => times[a] - times[b] || a - b)
}

/**
 * The first `k` items in the order `first` gives, sorted: a bounded heap (the last kept item on top),
 * so a page of a million candidates costs n log k, not a sort of the lot.
 */
export function firstK<T>(items: Iterable<T>, k: number, first: (a: T, b: T) => boolean): T[] {
  const last = (a: T, b: T): boolean => first(b, a)
  const heap: T[] = []
  if (k > 0) {
    for (const item of items) {
      if (heap.length < k) {
        heap.push(item)
        up(heap, heap.length - 1, last)
      } else if (first(item, heap[0])) {
        heap[0] = item
        down(heap, 0, last)
      }
    }
  }
  return heap.sort((a, b) => (first(a, b) ? -1 : first(b, a) ? 1 : 0))
}

function up<T>(heap: T[], i: number, first: (a: T, b: T) => boolean): void {
  while (i > 0) {
    const parent = (i - 1) >> 1
    if (!first(heap[i], heap[parent])) return
    ;[heap[i], heap[parent]] = [heap[parent], heap[i]]
    i = parent
  }
}

function down<T>(heap: T[], i: number, first: (a: T, b: T) => boolean): void {
  for (;;) {
    const l = 2 * i + 1
    const r = l + 1
    let top = i
    if (l < heap.length && first(heap[l], heap[top])) top = l
    if (r < heap.length && first(heap[r], heap[top])) top = r
    if (top === i) return
    ;[heap[i], heap[top]] = [heap[top], heap[i]]
    i = top
  }
}
