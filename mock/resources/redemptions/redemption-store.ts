import type { components } from '../../../src/types/openapi.js'
import { notFound } from '../../engine/errors.js'
import { pageOf, type PageQuery } from '../../engine/list-page.js'

/** A stored redemption, already in its response shape. */
export type Redemption = components['schemas']['Redemption']

/** The redemptions of one project (parents and children), for getRedemption and the state dump. */
export class RedemptionStore {
  readonly #byId = new Map<string, Redemption>()

  add(record: Redemption): Redemption {
    this.#byId.set(record.id, structuredClone(record))
    return record
  }

  get(id: string): Redemption {
    const found = this.#byId.get(id)
    if (!found) throw notFound('redemption', id)
    return structuredClone(found)
  }

  list(): Redemption[] {
    return [...this.#byId.values()].map((r) => structuredClone(r))
  }

  /** Records matching `keep`, newest first (insertion order reversed: ids and dates only grow). */
  query(keep: (record: Redemption) => boolean, page: PageQuery & { oldestFirst?: boolean }): { records: Redemption[]; total: number } {
    const all = [...this.#byId.values()].filter(keep)
    if (!page.oldestFirst) all.reverse()
    return { records: pageOf(all, page).map((r) => structuredClone(r)), total: all.length }
  }

  /** The children of a parent redemption, in the order they were made. */
  childrenOf(parentId: string): Redemption[] {
    return [...this.#byId.values()].filter((r) => r.redemption === parentId).map((r) => structuredClone(r))
  }

  setStatus(id: string, status: Redemption['status']): void {
    const record = this.#byId.get(id)
    if (record) record.status = status
  }

  get size(): number {
    return this.#byId.size
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): Redemption[] {
    return this.list()
  }

  restore(records: Redemption[]): void {
    this.#byId.clear()
    for (const record of records) this.add(record)
  }
}
