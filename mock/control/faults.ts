/** Generic faults are applied by the pipeline; domain faults are read by resource code through `active()`. */
export const FAULT_ACTIONS = ['status', 'drop', 'set', 'skip-request-validation', 'page-overlap', 'export-stuck'] as const
export type FaultAction = (typeof FAULT_ACTIONS)[number]

export interface FaultInput {
  /** The operation it applies to; omitted means every operation. */
  operationId?: string
  action: FaultAction
  /** `status`: the status to answer with. */
  status?: number
  /** `drop` / `set`: a JSON pointer into the response body, e.g. `/campaigns/0/id`. */
  pointer?: string
  /** `set`: the value written at `pointer`. */
  value?: unknown
  /** `drop` / `set`: only responses with this status are changed. */
  whenStatus?: number
  /** How many times it fires before it is removed; omitted means until cleared. */
  times?: number
}

export interface Fault extends FaultInput {
  id: string
  /** How many times it has fired. */
  hits: number
}

export class FaultRegistry {
  #faults: Fault[] = []
  #next = 1

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, id: `fault_${this.#next++}`, hits: 0 }
    this.#faults.push(fault)
    return { ...fault }
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }))
  }

  clear(): void {
    this.#faults = []
  }

  get size(): number {
    return this.#faults.length
  }

  /**
   * Whether a fault of this kind is armed for the operation; a hit is counted (and a fault with
   * `times` is used up), so call it once per request at the point where the fault takes effect.
   */
  active(operationId: string, action: FaultAction): boolean {
    return this.take(operationId, action) !== undefined
  }

  /** The first armed fault for the operation and action (optionally for a response status), counted as a hit. */
  take(operationId: string, action: FaultAction, status?: number): Fault | undefined {
    if (this.#faults.length === 0) return undefined
    const fault = this.#faults.find((f) => matches(f, operationId, action, status))
    return fault && this.#hit(fault)
  }

  /** Every armed fault for the operation and action, each counted as one hit (drop/set apply them all). */
  takeAll(operationId: string, action: FaultAction, status?: number): Fault[] {
    if (this.#faults.length === 0) return []
    return this.#faults.filter((f) => matches(f, operationId, action, status)).map((f) => this.#hit(f))
  }

  #hit(fault: Fault): Fault {
    fault.hits++
    if (fault.times !== undefined && fault.hits >= fault.times) this.#faults = this.#faults.filter((f) => f !== fault)
    return { ...fault }
  }
}

const matches = (f: Fault, operationId: string, action: FaultAction, status?: number): boolean =>
  f.action === action &&
  (f.operationId === undefined || f.operationId === operationId) &&
  (status === undefined || f.whenStatus === undefined || f.whenStatus === status)
