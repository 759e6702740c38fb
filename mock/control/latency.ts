/** Added response latency: one default for every operation, overridable per operation. */
export class LatencySettings {
  readonly #perOperation = new Map<string, number>()

  constructor(private defaultMs: number) {}

  for(operationId: string): number {
    return this.#perOperation.get(operationId) ?? this.defaultMs
  }

  set(ms: number, operationId?: string): void {
    if (operationId === undefined) this.defaultMs = ms
    else this.#perOperation.set(operationId, ms)
  }

  reset(defaultMs: number): void {
    this.defaultMs = defaultMs
    this.#perOperation.clear()
  }

  snapshot(): { defaultMs: number; operations: Record<string, number> } {
    return { defaultMs: this.defaultMs, operations: Object.fromEntries(this.#perOperation) }
  }
}
