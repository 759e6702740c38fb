import { matchesRequest, type FaultMatch, type FaultRequest } from './fault-match.js'

/**
 * Faults are applied by the pipeline, never by resource code: a forced status, a changed response body, a
 * request let through unvalidated. Network faults (reset, abort, hang) are picked by the pipeline and carried out by the Node adapter,
 * the only layer that holds the socket (mock/engine/pipeline/network-faults.ts).
 */
export const FAULT_ACTIONS = ['status', 'drop', 'set', 'skip-request-validation', 'reset', 'abort', 'hang'] as const
export type FaultAction = (typeof FAULT_ACTIONS)[number]

export const NETWORK_ACTIONS = ['reset', 'abort', 'hang'] as const
export type NetworkAction = (typeof NETWORK_ACTIONS)[number]

/** Actions a matcher may narrow: the ones taken where the request's values are known. */
export const MATCHABLE_ACTIONS: readonly FaultAction[] = ['status', ...NETWORK_ACTIONS]

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
  /** Only requests with these values (status and network faults). */
  match?: FaultMatch
  /** `hang`: the longest the request is held before its connection is closed. */
  ms?: number
}

export interface Fault extends FaultInput {
  id: string
  /** How many times it has fired. */
  hits: number
}

export class FaultRegistry {
  #faults: Fault[] = []
  #next = 1
  readonly #held = new Set<() => void>()

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, id: `fault_${this.#next++}`, hits: 0 }
    this.#faults.push(fault)
    return { ...fault }
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }))
  }

  /** Removes every fault and lets go of every request a `hang` fault holds. */
  clear(): void {
    this.#faults = []
    this.releaseHeld()
  }

  /** Closes every request a `hang` fault holds (clear, reset, and closing the server do it). */
  releaseHeld(): void {
    const held = [...this.#held]
    this.#held.clear()
    for (const release of held) release()
  }

  /** Keeps a hung request's release until it is released or cleared; returns the function that forgets it. */
  hold(release: () => void): () => void {
    this.#held.add(release)
    return () => this.#held.delete(release)
  }

  get held(): number {
    return this.#held.size
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

  /**
   * The first armed fault for the operation and action (optionally for a response status), counted as
   * a hit. A fault with a matcher fires only when the request is given and matches.
   */
  take(operationId: string, action: FaultAction, status?: number, request?: FaultRequest): Fault | undefined {
    if (this.#faults.length === 0) return undefined
    const fault = this.#faults.find((f) => matches(f, operationId, action, status) && (!f.match || (request !== undefined && matchesRequest(f.match, request))))
    return fault && this.#hit(fault)
  }

  /** Every armed fault for the operation and action, each counted as one hit (drop/set apply them all). */
  takeAll(operationId: string, action: FaultAction, status?: number): Fault[] {
    if (this.#faults.length === 0) return []
    return this.#faults.filter((f) => !f.match && matches(f, operationId, action, status)).map((f) => this.#hit(f))
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
