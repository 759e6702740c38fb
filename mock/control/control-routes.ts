import { toIso } from '../../src/clock.js'
import type { MockDeps } from '../engine/mock-deps.js'
import { ApiError } from '../engine/errors.js'
import { stackControlRoutes } from './stack-control.js'
import { sandboxRoutes } from './sandboxes/sandbox-routes.js'
import type { HandlerResult } from '../engine/handler-types.js'
import { objectBody, type ControlRoutes } from './control-call.js'
import { advanceClock, clockView, finishJobs } from './clock-control.js'
import { parseFault } from './fault-input.js'
import { loadFixtures } from './load-fixtures.js'
import { resetMock, type ResetDeps } from './reset.js'
import { stateDump, type StateDumpDeps } from './state-dump.js'

export interface ControlHooks {
  /** Replaces how `POST /_mock/fixtures` loads a fixture set into the running projects (user code: it gets the whole mock). */
  loadFixtures?: (deps: MockDeps, fixtures: unknown, options: { replace: boolean }) => Promise<unknown> | unknown
}

/** A `loadFixtures` hook with its deps already given (the caller that holds the whole bag binds them). */
export type FixtureLoader = (fixtures: unknown, options: { replace: boolean }) => Promise<unknown> | unknown

/** What the control routes touch: not the ids, credentials, spec, logger or the request path's parts. */
export type ControlRoutesDeps = ResetDeps & StateDumpDeps & Pick<MockDeps, 'clock' | 'config' | 'latency' | 'validator' | 'faults' | 'journal' | 'projects' | 'sandboxes'>

function nonNegative(value: unknown, field: string, { positive = false } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (positive && value === 0)) {
    throw new ApiError('INVALID_PAYLOAD', `${field}: must be a ${positive ? 'positive' : 'non-negative'} number`)
  }
  return value
}

const ok = (body: unknown, status = 200): HandlerResult => ({ status, body })

/** The `/_mock` control API (documented in mock/control/control-openapi.yaml). */
export function createControlRoutes(deps: ControlRoutesDeps, loadFixturesHook?: FixtureLoader): ControlRoutes {
  const summary = () => deps.projects.all().map((p) => ({ id: p.id, name: p.name, counts: p.counts() }))
  return {
    'POST /reset': async () => {
      await resetMock(deps)
      return ok({ reset: true, now: toIso(deps.clock.now()), projects: summary() })
    },
    'POST /fixtures': async (call) => {
      const body = objectBody(call)
      const options = { replace: call.query.replace === 'true' }
      const loaded = await (loadFixturesHook ? loadFixturesHook(body, options) : loadFixtures(deps, body, options))
      return ok({ loaded, projects: summary() })
    },
    'GET /state': (call) => ok(stateDump(deps, call.query)),
    'POST /jobs/finish': () => {
      const advancedMs = finishJobs(deps.clock, deps.projects)
      return ok({ advanced_ms: advancedMs, ...clockView(deps.clock) })
    },
    'GET /clock': () => ok(clockView(deps.clock)),
    'POST /clock/advance': (call) => {
      advanceClock(deps.clock, nonNegative(objectBody(call).ms, 'ms'))
      return ok(clockView(deps.clock))
    },
    'GET /generation-rate': () => ok({ rate: deps.config.generationRate }),
    'PUT /generation-rate': (call) => {
      deps.config.generationRate = nonNegative(objectBody(call).rate, 'rate', { positive: true })
      return ok({ rate: deps.config.generationRate })
    },
    'GET /latency': () => ok(deps.latency.snapshot()),
    'PUT /latency': (call) => {
      const body = objectBody(call)
      const operationId = body.operationId
      if (operationId !== undefined && (typeof operationId !== 'string' || !deps.validator.operation(operationId))) {
        throw new ApiError('INVALID_PAYLOAD', `operationId: unknown operation ${JSON.stringify(operationId)}`)
      }
      deps.latency.set(nonNegative(body.ms, 'ms'), operationId as string | undefined)
      return ok(deps.latency.snapshot())
    },
    'GET /faults': () => ok({ faults: deps.faults.list() }),
    'POST /faults': (call) => ok(deps.faults.add(parseFault(objectBody(call), (id) => deps.validator.operation(id) !== undefined)), 201),
    'DELETE /faults': () => {
      const removed = deps.faults.size
      deps.faults.clear()
      return ok({ removed })
    },
    'GET /requests': (call) => {
      const limit = call.query.limit === undefined ? undefined : Number(call.query.limit)
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new ApiError('INVALID_QUERY_PARAMS', 'limit: must be a positive integer')
      return ok({ requests: deps.journal.list(limit) })
    },
    'DELETE /requests': () => {
      deps.journal.clear()
      return ok({ cleared: true })
    },
    ...stackControlRoutes(deps),
    ...sandboxRoutes(deps),
  }
}
