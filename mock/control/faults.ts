import { matchesRequest, type FaultMatch, type FaultRequest } from './fault-match.js'

/**
 * Faults are applied by the pipeline, never by resource code: a forced or rewritten status, an edited request
 * or answer (body, headers, query), a request let through unvalidated. Network faults (reset, abort, hang) are
 * picked by the pipeline and carried out by the Node adapter, the only layer that holds the socket
 * (mock/engine/pipeline/network-faults.ts).
 */
export const FAULT_ACTIONS = ['status', 'drop', 'set', 'copy', 'move', 'skip-request-validation', 'reset', 'abort', 'hang'] as const
export type FaultAction = (typeof FAULT_ACTIONS)[number]

/** The edits, named as JSON Patch names them: `drop` removes, `set` writes `value`, `copy` / `move` take the value at `from`. */
export const EDIT_ACTIONS = ['drop', 'set', 'copy', 'move'] as const
export type EditAction = (typeof EDIT_ACTIONS)[number]

/**
 * What an edit changes: the answer's body (the default) or headers, or the request's query, headers or body
 * before the mock reads them (a proxy in front of a deployment that rewrites what it passes on).
 */
export const EDIT_TARGETS = ['response.body', 'response.headers', 'request.query', 'request.headers', 'request.body'] as const
export type EditTarget = (typeof EDIT_TARGETS)[number]

export const NETWORK_ACTIONS = ['reset', 'abort', 'hang'] as const
export type NetworkAction = (typeof NETWORK_ACTIONS)[number]

/** Actions a matcher may narrow: the ones taken where the request's values are known (edits: of the answer only). */
export const MATCHABLE_ACTIONS: readonly FaultAction[] = ['status', ...NETWORK_ACTIONS, ...EDIT_ACTIONS]

export interface FaultInput {
  /** The operation it applies to; omitted means every operation. */
  operationId?: string
  action: FaultAction
  /** `status`: the status to answer with. */
  status?: number
  /** Edits: what they change (default `response.body`). */
  in?: EditTarget
  /** Edits of a body: a JSON pointer into it, e.g. `/campaigns/0/id`. */
  pointer?: string
  /** Edits of headers or the query: the header or query parameter's name. */
  name?: string
  /** `copy` / `move`: the JSON pointer whose value is copied or moved to `pointer`. */
  from?: string
  /** `set`: the value written (a string for a header or query parameter). */
  value?: unknown
  /** Edits of the answer: only answers with this status are changed. `status` with it rewrites such answers' status. */
  whenStatus?: number
  /** How many times it fires before it is removed; omitted means until cleared. */
  times?: number
  /** Only requests with these values (status, network faults and edits of the answer). */
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
   * The first armed fault for the operation and action, counted as a hit, taken before the handler answers (a
   * `status` fault with `whenStatus` rewrites answers instead: `rewrittenStatus`). A fault with a matcher
   * fires only when the request is given and matches.
   */
  take(operationId: string, action: FaultAction, status?: number, request?: FaultRequest): Fault | undefined {
    if (this.#faults.length === 0) return undefined
    const fault = this.#faults.find(
      (f) => matches(f, operationId, action, status) && !(action === 'status' && f.whenStatus !== undefined) && matchedBy(f, request),
    )
    return fault && this.#hit(fault)
  }

  /** The status an armed `status` fault with `whenStatus` gives an answer of `status` (counted as a hit), if any. */
  rewrittenStatus(operationId: string, status: number, request?: FaultRequest): number | undefined {
    if (this.#faults.length === 0) return undefined
    const fault = this.#faults.find((f) => f.whenStatus === status && matches(f, operationId, 'status', status) && matchedBy(f, request))
    return fault && this.#hit(fault).status
  }

  /**
   * Every armed edit of `target` for the operation (and answer status), in the order armed, each counted as a
   * hit. An edit with a matcher applies only when the request is given and matches.
   */
  edits(operationId: string, target: EditTarget, status?: number, request?: FaultRequest): Fault[] {
    if (this.#faults.length === 0) return []
    return this.#faults
      .filter((f) => (EDIT_ACTIONS as readonly string[]).includes(f.action) && (f.in ?? 'response.body') === target && matches(f, operationId, f.action, status) && matchedBy(f, request))
      .map((f) => this.#hit(f))
  }

  #hit(fault: Fault): Fault {
    fault.hits++
    if (fault.times !== undefined && fault.hits >= fault.times) this.#faults = this.#faults.filter((f) => f !== fault)
    return { ...fault }
  }
}

const matchedBy = (f: Fault, request: FaultRequest | undefined): boolean => !f.match || (request !== undefined && matchesRequest(f.match, request))

const matches = (f: Fault, operationId: string, action: FaultAction, status?: number): boolean =>
  f.action === action &&
  (f.operationId === undefined || f.operationId === operationId) &&
  (status === undefined || f.whenStatus === undefined || f.whenStatus === status)
