import { notFound } from '../errors.js'

/** A stored redemption, already in its response shape (spec/checkout.yaml Redemption). */
export interface RedemptionRecord {
  id: string
  object: 'redemption'
  date: string
  customer_id: string | null
  tracking_id: string | null
  metadata: Record<string, unknown> | null
  amount?: number
  redemption: string | null
  result: 'SUCCESS' | 'FAILURE'
  status: 'SUCCEEDED' | 'FAILED' | 'ROLLED_BACK'
  order: Record<string, unknown> | null
  channel: { channel_id: string; channel_type: 'USER' | 'API' }
  customer: Record<string, unknown> | null
  related_object_type: 'voucher' | 'promotion_tier' | 'redemption'
  related_object_id: string
  [field: string]: unknown
}

/** The redemptions of one project (parents and children), for getRedemption and the state dump. */
export class RedemptionStore {
  readonly #byId = new Map<string, RedemptionRecord>()

  add(record: RedemptionRecord): RedemptionRecord {
    this.#byId.set(record.id, structuredClone(record))
    return record
  }

  get(id: string): RedemptionRecord {
    const found = this.#byId.get(id)
    if (!found) throw notFound('redemption', id)
    return structuredClone(found)
  }

  list(): RedemptionRecord[] {
    return [...this.#byId.values()].map((r) => structuredClone(r))
  }

  /** Records matching `keep`, newest first (insertion order reversed: ids and dates only grow). */
  query(keep: (record: RedemptionRecord) => boolean, page: { limit: number; page: number; oldestFirst?: boolean }): { records: RedemptionRecord[]; total: number } {
    const all = [...this.#byId.values()].filter(keep)
    if (!page.oldestFirst) all.reverse()
    const start = (page.page - 1) * page.limit
    return { records: all.slice(start, start + page.limit).map((r) => structuredClone(r)), total: all.length }
  }

  /** The children of a parent redemption, in the order they were made. */
  childrenOf(parentId: string): RedemptionRecord[] {
    return [...this.#byId.values()].filter((r) => r.redemption === parentId).map((r) => structuredClone(r))
  }

  setStatus(id: string, status: RedemptionRecord['status']): void {
    const record = this.#byId.get(id)
    if (record) record.status = status
  }

  get size(): number {
    return this.#byId.size
  }
  // Persistence (mock/persistence): the whole store as plain data, and back.
  snapshot(): RedemptionRecord[] {
    return this.list()
  }

  restore(records: RedemptionRecord[]): void {
    this.#byId.clear()
    for (const record of records) this.add(record)
  }
}
