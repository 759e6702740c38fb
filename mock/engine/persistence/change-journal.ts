import { createControlRoutes } from '../../control/control-routes.js'
import type { MockDeps } from '../mock-deps.js'
import { operationHandlers } from '../operation-handlers.js'
import type { ChangeRecorder } from '../pipeline/change-recorder.js'
import type { ProjectState } from '../project-state.js'
import { sandboxRouteFor } from '../../control/sandboxes/sandbox-routes.js'
import type { AuthContext, HandlerResult, OperationHandler, OperationRequest } from '../handler-types.js'
import type { Draws, JournalClock, TapeIds } from './replay-sources.js'

/**
 * What the journal holds: the calls that changed state, each with the moment it ran and what it drew
 * (ids, random bytes), so replaying them in order through the same handlers rebuilds the same state.
 * A request is journaled rather than its effect because each store would need its own delta format;
 * the handlers already are the one definition of what a request does.
 */
export type JournalRecord = OperationRecord | ControlRecord

export interface OperationRecord {
  k: 'op'
  /** The mock's time the handler ran at (epoch ms). */
  t: number
  op: string
  proj: string
  method: string
  path: string
  params: Record<string, string>
  query: Record<string, unknown>
  body?: unknown
  auth: AuthContext
  rid: string
  base: string
  d: Draws
}

export interface ControlRecord {
  k: 'ctl'
  t: number
  method: string
  path: string
  query: Record<string, unknown>
  body?: unknown
  /** The clock's offset from the wall clock after the call (clock/advance, jobs/finish move it). */
  o: number
  d: Draws
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Control calls that change test settings, not state: faults and latency are not persisted, nor is the request log. */
const NOT_STATE: ReadonlySet<string> = new Set(['PUT /latency', 'POST /faults', 'DELETE /faults', 'DELETE /requests'])

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function'
const drew = (d: Draws): boolean => d.ids.length > 0 || d.bytes.length > 0
const codesOf = (projects: ProjectState[]): number => projects.reduce((n, p) => n + p.vouchers.codeCount, 0)

export interface JournalSink {
  append(record: JournalRecord): Promise<void>
}

/**
 * The request path's ChangeRecorder with a state file. Journaled: every handler call of a writing
 * method that returned (a thrown error changed nothing), every state-changing control call, and any
 * call that drew ids or generated voucher codes (a read can materialise a campaign's codes, and
 * which codes a campaign gets depends on which campaigns generated before it).
 */
export class ChangeJournal implements ChangeRecorder {
  /** Per request id: the latest record's write, and how many answers still wait for it (a client may reuse an X-Request-Id). */
  readonly #pending = new Map<string, { written: Promise<void>; waiting: number }>()

  constructor(
    // the recording clock and ids, and the projects (to see a read that generated codes)
    private readonly deps: Pick<MockDeps, 'projects'> & { clock: JournalClock; ids: TapeIds },
    private readonly sink: JournalSink,
  ) {}

  operation<T extends HandlerResult | PromiseLike<HandlerResult>>(request: OperationRequest, project: ProjectState, call: () => T): T {
    const write = WRITES.has(request.method)
    const codes = project.vouchers.codeCount
    const t = this.deps.clock.now()
    // copied before the handler runs: a handler may keep (and later change) what it was given
    const body = write && request.body !== undefined ? (JSON.parse(JSON.stringify(request.body)) as unknown) : undefined
    const d: Draws = { ids: [], bytes: [] }
    const note = (): void => {
      if (!write && !drew(d) && project.vouchers.codeCount === codes) return
      const { operationId: op, method, path, params, query, auth, requestId: rid } = request
      this.#record(rid, { k: 'op', t, op, proj: project.id, method, path, params, query, ...(body === undefined ? {} : { body }), auth, rid, base: request.baseUrl, d })
    }
    const result = this.deps.clock.pinned(() => this.deps.ids.recording(d, call), t)
    if (isThenable(result)) return Promise.resolve(result).then((done) => (note(), done)) as unknown as T
    note()
    return result
  }

  control<T>(requestId: string, method: string, path: string, input: { query: Record<string, unknown>; body: unknown }, call: () => T): T {
    const write = method !== 'GET' && !NOT_STATE.has(`${method} ${path}`)
    const codes = codesOf(this.deps.projects.all())
    const t = this.deps.clock.now()
    const body = input.body === undefined ? undefined : (JSON.parse(JSON.stringify(input.body)) as unknown)
    const d: Draws = { ids: [], bytes: [] }
    const note = (): void => {
      if (!write && !drew(d) && codesOf(this.deps.projects.all()) === codes) return
      this.#record(requestId, { k: 'ctl', t, method, path, query: input.query, ...(body === undefined ? {} : { body }), o: this.deps.clock.offset, d })
    }
    const result = this.deps.clock.pinned(() => this.deps.ids.recording(d, call), t)
    if (isThenable(result)) return Promise.resolve(result).then((done) => (note(), done)) as unknown as T
    note()
    return result
  }

  durable(requestId: string): Promise<void> | undefined {
    const pending = this.#pending.get(requestId)
    if (!pending) return undefined
    if (--pending.waiting === 0) this.#pending.delete(requestId)
    return pending.written
  }

  // Records are written in the order they are appended: waiting for the latest covers the earlier ones.
  #record(requestId: string, record: JournalRecord): void {
    const written = this.sink.append(record)
    const pending = this.#pending.get(requestId)
    this.#pending.set(requestId, { written, waiting: (pending?.waiting ?? 0) + 1 })
  }
}

/**
 * Replays journal records in order; returns how many a handler refused (a sign the journal and snapshot disagree).
 * The whole deps: it runs handlers and control routes, which get them (HandlerContext.deps).
 */
export async function replayJournal(deps: MockDeps & { clock: JournalClock; ids: TapeIds }, records: readonly unknown[], source: string): Promise<number> {
  const routes = createControlRoutes(deps)
  const handlers = operationHandlers as unknown as Record<string, OperationHandler | undefined>
  let refused = 0
  for (const [i, raw] of records.entries()) {
    const record = checkRecord(raw, `${source}, record ${i + 1}`)
    const tape = deps.ids.replay(record.d)
    const unpin = deps.clock.pin(record.t)
    try {
      if (record.k === 'op') {
        const project = deps.projects.get(record.proj)
        const handler = Object.hasOwn(handlers, record.op) ? handlers[record.op] : undefined
        if (!project || !handler) throw new Error(`${source}, record ${i + 1}: ${project ? `unknown operation ${record.op}` : `project ${record.proj} does not exist`}`)
        const { op: operationId, method, path, params, query, body, auth, rid: requestId, base: baseUrl } = record
        const request: OperationRequest = { operationId, method, path, params, query, headers: {}, body, auth, requestId, baseUrl }
        await handler(request, { deps, project, defaultAnswer: () => Promise.reject(new Error('a replayed built-in handler has no default answer')) })
      } else {
        const key = `${record.method} ${record.path}`
        const route = Object.hasOwn(routes, key) ? routes[key] : sandboxRouteFor(deps, record.method, record.path)
        if (!route) throw new Error(`${source}, record ${i + 1}: no control route ${key}`)
        await route({ query: record.query, body: record.body })
        deps.clock.offset = record.o
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(source)) throw error
      refused++
      deps.logger.error({ err: error, record: i + 1 }, `journal replay: a recorded call failed (${source})`)
    } finally {
      unpin()
      tape.end()
    }
  }
  return refused
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)

function checkRecord(raw: unknown, where: string): JournalRecord {
  const r = raw as { [K in keyof OperationRecord | keyof ControlRecord]?: unknown } & { d?: { ids?: unknown; bytes?: unknown } } | null
  const ok =
    typeof r === 'object' && r !== null && typeof r.t === 'number' && Number.isFinite(r.t) && typeof r.method === 'string' && typeof r.path === 'string' &&
    isObject(r.query) && Array.isArray(r.d?.ids) && Array.isArray(r.d?.bytes) &&
    (r.k === 'op'
      ? typeof r.op === 'string' && typeof r.proj === 'string' && isObject(r.params) && isObject(r.auth) && typeof r.rid === 'string' && typeof r.base === 'string'
      : r.k === 'ctl' && typeof r.o === 'number' && Number.isFinite(r.o))
  if (!ok) throw new Error(`${where}: not a journal record of this promokit`)
  return r as unknown as JournalRecord
}
