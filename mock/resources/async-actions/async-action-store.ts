import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { components } from '../../../src/types/index.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { cursorPage } from '../../engine/list-page.js'

export type AsyncActionStatus = 'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED'

/** What starts an async action: its type, the request that asked for it, and how long it queues and runs. */
export interface NewAsyncAction {
  type: string
  requestId: string
  queuedMs: number
  runMs: number
  /** Shown once the action is DONE. */
  result: Record<string, unknown>
}

export interface AsyncActionJob extends Omit<NewAsyncAction, 'queuedMs' | 'runMs'> {
  id: string
  seq: number
  createdAt: number
  /** When it leaves ENQUEUED, and when it is DONE. */
  startsAt: number
  doneAt: number
}

export interface ListAsyncActionsQuery {
  limit?: number
  /** Only actions scheduled before this instant (ISO 8601 date or date-time). */
  end_date?: string
}

type AsyncAction = components['schemas']['AsyncAction']
type AsyncActionsList = components['schemas']['AsyncActionsList']

/**
 * The async actions of one project (`aa_` ids), e.g. a campaign deletion. Like generation jobs and
 * exports, an action's status is derived from the clock on every read: nothing runs in the background.
 */
export class AsyncActionStore {
  readonly #jobs = new Map<string, AsyncActionJob>()
  #seq = 0

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  enqueue(action: NewAsyncAction): Readonly<AsyncActionJob> {
    const createdAt = this.deps.clock.now()
    const { queuedMs, runMs, ...rest } = action
    const job: AsyncActionJob = {
      ...rest,
      id: this.deps.ids.next('aa'),
      seq: ++this.#seq,
      createdAt,
      startsAt: createdAt + queuedMs,
      doneAt: createdAt + queuedMs + runMs,
    }
    this.#jobs.set(job.id, job)
    return job
  }

  /** getAsyncAction: the full object, `result` included once DONE. */
  get(id: string): AsyncAction {
    const job = this.#jobs.get(id)
    if (!job) throw notFound('async_action', id)
    return this.#view(job, true)
  }

  /** listAsyncActions: newest first; `end_date` pages back in time, as the real service's cursor does. */
  list(query: ListAsyncActionsQuery = {}): AsyncActionsList {
    const before = query.end_date === undefined ? Infinity : parseDate(query.end_date)
    const matching = [...this.#jobs.values()].filter((job) => job.createdAt < before).sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
    const { data, hasMore } = cursorPage(matching, 0, query.limit)
    return {
      object: 'list',
      data_ref: 'async_actions',
      async_actions: data.map((job) => this.#view(job, false)),
      has_more: hasMore,
    }
  }

  /** When the last pending action is DONE (`POST /_mock/jobs/finish` advances to it); undefined when none. */
  pendingUntil(): number | undefined {
    const now = this.deps.clock.now()
    let latest: number | undefined
    for (const job of this.#jobs.values()) if (job.doneAt > now) latest = Math.max(latest ?? 0, job.doneAt)
    return latest
  }

  all(): AsyncAction[] {
    return [...this.#jobs.values()].map((job) => this.#view(job, true))
  }

  #view(job: AsyncActionJob, withResult: boolean): AsyncAction {
    const now = this.deps.clock.now()
    const status: AsyncActionStatus = now < job.startsAt ? 'ENQUEUED' : now < job.doneAt ? 'IN_PROGRESS' : 'DONE'
    const span = job.doneAt - job.startsAt
    // 100 only when DONE: a client that polls for progress 100 never stops early
    const progress = status === 'DONE' ? 100 : status === 'ENQUEUED' ? 0 : Math.min(99, Math.floor(((now - job.startsAt) * 100) / span))
    const updatedAt = status === 'DONE' ? job.doneAt : status === 'IN_PROGRESS' ? job.startsAt : job.createdAt
    return {
      id: job.id,
      type: job.type,
      status,
      operation_status: status === 'DONE' ? 'SUCCESS' : 'UNKNOWN',
      created_at: toIso(job.createdAt),
      updated_at: toIso(updatedAt),
      request_id: job.requestId,
      ...(status === 'DONE' ? { processing_time: span } : {}),
      progress,
      object: 'async_action',
      ...(withResult && status === 'DONE' ? { result: structuredClone(job.result) } : {}),
    }
  }

  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): { seq: number; jobs: AsyncActionJob[] } {
    return { seq: this.#seq, jobs: [...this.#jobs.values()].map((job) => structuredClone(job)) }
  }

  restore(snapshot: { seq: number; jobs: AsyncActionJob[] }): void {
    this.#jobs.clear()
    this.#seq = snapshot.seq
    for (const job of snapshot.jobs) this.#jobs.set(job.id, structuredClone(job))
  }
}

/** An ISO 8601 date (`2026-01-01`, midnight UTC) or date-time; anything else is a 400 naming the parameter. */
function parseDate(text: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(text) ? Date.parse(text) : NaN
  if (Number.isNaN(ms)) throw new ApiError('INVALID_QUERY_PARAMS', `end_date: '${text}' is not an ISO 8601 date (2026-01-31) or date-time (2026-01-31T10:00:00Z)`)
  return ms
}
