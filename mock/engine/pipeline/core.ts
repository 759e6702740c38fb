import { createControlRoutes, type ControlHooks } from '../../control/control-routes.js'
import { createControlGuard } from '../../control/control-guard.js'
import { checkControlRequest } from '../../control/control-validation.js'
import { sandboxRouteFor } from '../../control/sandboxes/sandbox-routes.js'
import type { MockDeps } from '../mock-deps.js'
import { ApiError, renderError } from '../errors.js'
import { operationHandlers } from '../operation-handlers.js'
import type { HandlerResult, OperationHandlers } from '../handler-types.js'
import { applyCors } from './cors.js'
import { rateLimits } from '../rate-limit/check-rate-limit.js'
import { headerOf, splitTarget, type CoreAnswer, type CoreRequest, type RequestInFlight } from './core-request.js'
import { fromFetchRequest, toFetchResponse } from './fetch.js'
import { createOperationPipeline } from './operation-pipeline.js'
import { readControlBody } from './operation-steps.js'
import { parseQuery } from './query-parser.js'
import { createRequestIdAssigner } from './request-id.js'
import { logAnswer } from './request-log.js'
import { answerWithFaults, toAnswer } from './respond.js'

export const CONTROL_PREFIX = '/_mock'

/** Pages and files for people, served by the Node-only site app (mock/console): the home page, the spec, the console. */
const SITE_PATHS: ReadonlySet<string> = new Set(['/', '/openapi.json', '/openapi.yaml', `${CONTROL_PREFIX}/ui`])
export const isSitePath = (path: string): boolean => SITE_PATHS.has(path) || path.startsWith(`${CONTROL_PREFIX}/ui/`)

const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)

export interface MockCoreOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides). */
  handlers?: OperationHandlers
  control?: ControlHooks
  /** `false`: custom handlers' answers are served without checking them against the spec. */
  validateHandlers?: boolean
  /** The adapter serves the site's pages itself (Node): site paths come back as `{ passed }`. Otherwise they are the API's 404. */
  site?: boolean
  /**
   * Guards the control plane (`/_mock`, the console) against other origins' pages and DNS rebinding
   * (mock/control/control-guard.ts). Default: on when the adapter serves the site, i.e. what listens on a
   * network (node:http, Express); off in-process (MSW, the portable core), which no page or neighbour can reach.
   */
  guardControl?: boolean
}

/** A request the core leaves to the adapter's site app, with the headers (id, CORS) its answer must carry. */
export interface Passed {
  passed: RequestInFlight
}

export interface MockCore {
  /** Answers a request: synchronously when nothing has to be waited for (most requests). */
  run(request: CoreRequest): CoreAnswer | Promise<CoreAnswer> | Passed
  /** The same for the Fetch API: `handle(request: Request): Promise<Response>` (MSW, service workers, edge runtimes). */
  handle(request: Request): Promise<Response>
  /** Logs a request the site app answered. */
  logPassed(exchange: RequestInFlight, status: number): void
}

/**
 * The one request path of the mock, on every platform: request id, CORS, then the control API
 * (`/_mock`) or the spec's operations, errors in the spec's Error format, response faults, the
 * journal and the request log. It imports no Node built-in, Express or pino: the node:http listener,
 * the Express app and the MSW handlers are adapters around it (mock/adapters, mock/adapters/msw).
 * The whole deps, on purpose: it wires every room (operations, control, faults, journal) and hands each its part.
 */
export function createMockCore(deps: MockDeps, options: MockCoreOptions = {}): MockCore {
  const assignId = createRequestIdAssigner(deps.ids.requestIdPrefix)
  const corsOrigins = new Set(deps.config.corsOrigins)
  const operations = createOperationPipeline(deps, { builtin: operationHandlers, custom: options.handlers, validate: options.validateHandlers !== false })
  const loadFixtures = options.control?.loadFixtures
  const routes = createControlRoutes(deps, loadFixtures && ((fixtures, how) => loadFixtures(deps, fixtures, how)))
  const guard = (options.guardControl ?? options.site) ? createControlGuard(deps.config) : undefined

  function answerRequest(request: CoreRequest): CoreAnswer | Promise<CoreAnswer> | Passed {
    const { path, search } = splitTarget(request.url)
    const requestId = assignId(request)
    const exchange: RequestInFlight = { request, method: request.method, path, search, requestId, headers: { 'X-Request-Id': requestId }, startedAt: performance.now() }
    if (guard && isControlPath(path)) {
      const verdict = guard.check(request, path, search, exchange.headers)
      if (verdict) return finish(exchange, 'refused' in verdict ? failure(exchange, verdict.refused) : { status: 204 })
    } else if (applyCors(request, exchange.headers, corsOrigins)) return finish(exchange, { status: 204 })
    if (options.site && isSitePath(path)) return { passed: exchange }
    let result: HandlerResult | Promise<HandlerResult>
    try {
      if (isControlPath(path)) result = control(exchange)
      else {
        exchange.journalAt = deps.clock.now()
        // Opt-in rate limits (mock/engine/rate-limit): /client/v1 per address on arrival, the rest once authenticated.
        const overLimit = rateLimits.onArrival(deps, exchange)
        result = overLimit ? failure(exchange, overLimit) : operations(exchange)
      }
    } catch (error) {
      return finish(exchange, failure(exchange, error))
    }
    if (result instanceof Promise) return result.then((done) => durably(exchange, done), (error: unknown) => finish(exchange, failure(exchange, error)))
    return durably(exchange, result)
  }

  /** With a state file, the answer waits until the request's changes are in the journal (mock/engine/persistence). */
  function durably(exchange: RequestInFlight, result: HandlerResult): CoreAnswer | Promise<CoreAnswer> {
    const written = deps.changes?.durable(exchange.requestId)
    if (!written) return finish(exchange, result)
    return written.then(
      () => finish(exchange, result),
      (error: unknown) => finish(exchange, failure(exchange, new ApiError('INTERNAL', `The change could not be written to the state journal: ${(error as Error).message}`))),
    )
  }

  /** Known errors in the spec's Error format; anything else a logged 500. */
  function failure(exchange: RequestInFlight, thrown: unknown): HandlerResult {
    const error = exchange.journalAt === undefined ? thrown : rateLimits.onRefusal(deps, exchange, thrown)
    return renderError(error, exchange.requestId, (err) => deps.logger.error({ err, method: exchange.method, path: exchange.path, requestId: exchange.requestId }, 'unhandled error'))
  }

  function finish(exchange: RequestInFlight, result: HandlerResult): CoreAnswer {
    const operationId = exchange.operationId
    if (result.network) return { status: result.status, headers: exchange.headers, network: { result, faults: deps.faults } }
    let answer: CoreAnswer
    try {
      answer = operationId ? answerWithFaults(result, operationId, deps.faults, exchange) : toAnswer(result, exchange.headers)
    } catch (error) {
      answer = toAnswer(failure(exchange, error), exchange.headers)
    }
    if (exchange.journalAt !== undefined) {
      deps.journal.record({ atMs: exchange.journalAt, requestId: exchange.requestId, method: exchange.method, path: exchange.path, status: answer.status, operationId })
    }
    logAnswer(deps.logger, exchange, answer.status, performance.now())
    return answer
  }

  /** `/_mock/...`: the control routes by method and path (HEAD as GET, a trailing slash ignored, as Express routes do). */
  function control(exchange: RequestInFlight): Promise<HandlerResult> {
    const below = exchange.path.slice(CONTROL_PREFIX.length)
    const path = below.length > 1 && below.endsWith('/') ? below.slice(0, -1) : below || '/'
    const key = `${exchange.method === 'HEAD' ? 'GET' : exchange.method} ${path}`
    const method = exchange.method === 'HEAD' ? 'GET' : exchange.method
    const route = Object.hasOwn(routes, key) ? routes[key] : sandboxRouteFor(deps, method, path)
    if (!route) throw notFound(exchange)
    const query = parseQuery(exchange.search, deps.qs)
    return readControlBody(deps, exchange).then(async (body) => {
      await checkControlRequest(deps, { method: exchange.method, path: exchange.path, query, body, contentType: headerOf(exchange.request, 'content-type') })
      return deps.changes ? deps.changes.control(exchange.requestId, method, path, { query, body }, () => route({ query, body })) : route({ query, body })
    })
  }

  return {
    run: answerRequest,
    async handle(request) {
      const outcome = await answerRequest(fromFetchRequest(request))
      return toFetchResponse('passed' in outcome ? toAnswer(failure(outcome.passed, notFound(outcome.passed)), outcome.passed.headers) : outcome)
    },
    logPassed: (exchange, status) => logAnswer(deps.logger, exchange, status, performance.now()),
  }
}

const notFound = (exchange: RequestInFlight): ApiError =>
  new ApiError('ROUTE_NOT_FOUND', `No route at ${exchange.method} ${exchange.path}`, { resourceId: exchange.path, resourceType: 'route' })
