import type { IdSource } from '../../../src/ids.js'
import type { components } from '../../../src/types/openapi.js'

/** The customer a validation or redemption sends (the store keeps id, source_id, name, email, metadata). */
export type CustomerInput = components['schemas']['Customer']

/** A stored customer, as redemptions answer it: the spec's SimpleCustomer with every field known. */
export type CustomerRecord = Required<components['schemas']['SimpleCustomer']>

/**
 * Customers met at checkout. The real service upserts the customer of a validation or redemption by
 * `source_id` (or finds it by `id`) and answers with its `cust_` id; holders and redemptions need that id.
 */
export class CustomerStore {
  readonly #byId = new Map<string, CustomerRecord>()
  readonly #bySource = new Map<string, string>()

  constructor(private readonly deps: { ids: IdSource }) {}

  /** Looks the customer up without creating one (validation changes nothing). */
  peek(input: CustomerInput | undefined): CustomerRecord | undefined {
    const id = this.#idOf(input)
    const found = id && this.#byId.get(id)
    return found ? structuredClone(found) : undefined
  }

  /** Finds or creates the customer and merges the details sent. */
  upsert(input: CustomerInput): CustomerRecord {
    const id = this.#idOf(input) ?? input.id ?? this.deps.ids.next('cust')
    const existing = this.#byId.get(id)
    const record: CustomerRecord = {
      id,
      source_id: input.source_id ?? existing?.source_id ?? null,
      name: input.name ?? existing?.name ?? null,
      email: input.email ?? existing?.email ?? null,
      metadata: { ...existing?.metadata, ...input.metadata },
      object: 'customer',
    }
    this.#byId.set(id, record)
    if (record.source_id) this.#bySource.set(record.source_id, id)
    return structuredClone(record)
  }

  get size(): number {
    return this.#byId.size
  }

  list(): CustomerRecord[] {
    return [...this.#byId.values()].map((c) => structuredClone(c))
  }

  #idOf(input: CustomerInput | undefined): string | undefined {
    if (!input) return undefined
    if (input.id && this.#byId.has(input.id)) return input.id
    if (input.source_id) return this.#bySource.get(input.source_id)
    return undefined
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): CustomerRecord[] {
    return this.list()
  }

  restore(customers: CustomerRecord[]): void {
    this.#byId.clear()
    this.#bySource.clear()
    for (const customer of customers) {
      this.#byId.set(customer.id, structuredClone(customer))
      if (customer.source_id) this.#bySource.set(customer.source_id, customer.id)
    }
  }
}
