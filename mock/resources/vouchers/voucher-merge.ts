import type { VoucherAt } from './voucher-mutations.js'
import type { Batch } from './voucher-types.js'

/** What an order compares of one voucher: its sort key, then created_at and slot for ties. */
export interface Head {
  index: number
  key: string | number
  time: number
  slot: number
}

/** True when `a` comes before `b` in the answer. */
export type Before = (a: Head, b: Head) => boolean

/** One campaign's selected vouchers, already in the answer's order: `next()` gives an index, -1 at the end. */
export interface Stream {
  batch: Batch
  next: () => number
}

interface Cursor {
  stream: Stream
  head: Head
}

/**
 * Vouchers `skip` to `skip + limit` of the streams merged in the answer's order: a heap of one cursor
 * per campaign gives the next voucher in O(log campaigns), so a page costs what it skips and shows,
 * never a sort of every voucher.
 */
export function mergePage(streams: readonly Stream[], head: (batch: Batch, index: number) => Head, before: Before, skip: number, limit: number): VoucherAt[] {
  const picked: VoucherAt[] = []
  if (streams.length === 1) {
    // one campaign: its stream is the answer, nothing to compare
    const [{ batch, next }] = streams
    for (let taken = 0, index = next(); index >= 0 && taken < skip + limit; taken++, index = next()) if (taken >= skip) picked.push({ batch, index })
    return picked
  }
  const first = (a: Cursor, b: Cursor): boolean => before(a.head, b.head)
  const heap: Cursor[] = []
  for (const stream of streams) {
    const index = stream.next()
    if (index >= 0) heap.push({ stream, head: head(stream.batch, index) })
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(heap, i, first)
  for (let taken = 0; heap.length > 0 && taken < skip + limit; taken++) {
    const top = heap[0]
    if (taken >= skip) picked.push({ batch: top.stream.batch, index: top.head.index })
    const index = top.stream.next()
    if (index >= 0) top.head = head(top.stream.batch, index)
    else {
      const last = heap.pop()!
      if (heap.length === 0) break
      heap[0] = last
    }
    down(heap, 0, first)
  }
  return picked
}

/** A stream over a list of indices, in the order given. */
export function listStream(batch: Batch, indices: readonly number[]): Stream {
  let at = 0
  return { batch, next: () => (at < indices.length ? indices[at++] : -1) }
}

/**
 * A stream walking `length` positions (backwards when `reverse`), mapped to indices by `indexAt`, and
 * leaving out those `keep` refuses: how a campaign's vouchers are read in creation or code order.
 */
export function walkStream(batch: Batch, length: number, reverse: boolean, indexAt: (position: number) => number, keep: (index: number) => boolean): Stream {
  let done = 0
  return {
    batch,
    next: () => {
      while (done < length) {
        const index = indexAt(reverse ? length - 1 - done : done)
        done++
        if (keep(index)) return index
      }
      return -1
    },
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
