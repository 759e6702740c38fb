/**
 * Validated query values by operation and raw query string, for requests with nothing else to
 * validate (no body, no path parameters, no declared headers): the same string always validates the
 * same way against the same spec, and re-validating `limit=10` was 7% of a list request (bench profile
 * list-10k). Only values that are all primitives are kept, and every hit gets its own copy, so a
 * handler that changes its query cannot change what the next request sees.
 */
export class ValidQueryCache {
  readonly #entries = new Map<string, Readonly<Record<string, unknown>>>()

  constructor(private readonly capacity = 1000) {}

  get(operationId: string, search: string): Record<string, unknown> | undefined {
    const hit = this.#entries.get(`${operationId}?${search}`)
    return hit && { ...hit }
  }

  remember(operationId: string, search: string, values: Record<string, unknown>): void {
    if (this.capacity === 0) return
    for (const key in values) {
      const value = values[key]
      if (value !== null && (typeof value === 'object' || typeof value === 'function')) return
    }
    // a client sending ever-new query strings only ever costs this many entries
    if (this.#entries.size >= this.capacity) this.#entries.clear()
    this.#entries.set(`${operationId}?${search}`, { ...values })
  }
}
