import type { VoucherReader } from './voucher-fields.js'
import { listStream, mergePage, walkStream, type Before, type Head, type Stream } from './voucher-merge.js'
import type { VoucherAt } from './voucher-mutations.js'
import type { ByteCodes, StringCodes } from './code-list.js'
import type { Selection } from './voucher-selection.js'
import type { Batch } from './voucher-types.js'

/** How an order gets at what it reads: a batch's codes made, and their code order (voucher-listing's source). */
interface OrderSource {
  generate: (batch: Batch) => void
  codeOrder: (codes: ByteCodes | StringCodes) => Uint32Array
}

/**
 * One page of the selected vouchers in a listVouchers `order`: ties go newest first (created_at, then
 * slot), except in `created_at`, where they go oldest first. Each campaign is read in the order's own
 * sequence (creation order is its index order; code order a sort made once per campaign) and the
 * campaigns merged: the work is the page and what it skips, not the number of vouchers.
 */
export function orderedPage(selections: readonly Selection[], order: string, read: VoucherReader, source: OrderSource, skip: number, limit: number): VoucherAt[] {
  const descending = order.startsWith('-')
  const field = order.replace(/^-/, '')
  const key = sortKey(field, read)
  const head = (batch: Batch, index: number): Head => {
    const at = { batch, index }
    return { index, key: key(at), time: read.createdAt(at), slot: batch.base + index }
  }
  const oldestFirst = order === 'created_at'
  const before: Before = (a, b) => {
    if (a.key !== b.key) return (a.key < b.key) !== descending
    if (a.time !== b.time) return (a.time > b.time) !== oldestFirst
    return (a.slot > b.slot) !== oldestFirst
  }
  const sorted = (batch: Batch, indices: readonly number[]): Stream => {
    const heads = indices.map((index) => head(batch, index))
    return listStream(batch, heads.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).map((h) => h.index))
  }
  const streams: Stream[] = []
  for (const selection of selections) {
    const { batch, n, has, few } = selection
    if (few) streams.push(sorted(batch, few))
    else if (field === 'code') {
      if (batch.codes === null) source.generate(batch)
      const byCode = source.codeOrder(batch.codes!)
      streams.push(walkStream(batch, byCode.length, descending, (k) => byCode[k], (i) => i < n && has(i)))
    } else if (field === 'updated_at') {
      // only changed vouchers have an updated_at; the others share one key and follow creation order
      const updated = [...batch.state].filter(([i, state]) => i < n && state.updatedAt !== undefined && has(i)).map(([i]) => i)
      const skipped = new Set(updated)
      streams.push(sorted(batch, updated), creationStream(selection, read, !oldestFirst, (i) => !skipped.has(i)))
    } else streams.push(creationStream(selection, read, !oldestFirst, () => true))
  }
  return mergePage(streams, head, before, skip, limit)
}

function creationStream({ batch, n, has }: Selection, read: VoucherReader, newest: boolean, keep: (index: number) => boolean): Stream {
  const order = creationOrder(batch, n, read.createdAt)
  return walkStream(batch, n, newest, order ? (k) => order[k] : (k) => k, (i) => has(i) && keep(i))
}

/**
 * The batch's vouchers oldest first, ties by index: generated vouchers are created in index order, so
 * null (the identity) unless some voucher has its own created_at (fixtures), when the few batches
 * holding such vouchers are sorted.
 */
function creationOrder(batch: Batch, n: number, createdAt: (at: VoucherAt) => number): Uint32Array | null {
  let own = false
  for (const [index, state] of batch.state) if (index < n && state.createdAt !== undefined) own = true
  if (!own) return null
  const times = Float64Array.from({ length: n }, (_, index) => createdAt({ batch, index }))
  return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => times[a] - times[b] || a - b)
}

function sortKey(field: string, read: VoucherReader): (at: VoucherAt) => string | number {
  switch (field) {
    // creation order compares times only (see `before`)
    case 'created_at': return () => 0
    // never updated: before every updated voucher, so `-updated_at` starts with the latest change
    case 'updated_at': return (at) => read.updatedAt(at) ?? -Infinity
    case 'code': return read.code
    case 'type': return (at) => at.batch.campaign.voucher?.type ?? ''
    case 'campaign': return (at) => at.batch.campaign.name
    default: return (at) => at.batch.campaign.category?.name ?? ''
  }
}
