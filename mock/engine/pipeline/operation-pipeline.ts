import { authenticate } from '../auth/authenticate.js'
import type { MockDeps } from '../mock-deps.js'
import { rateLimits } from '../rate-limit/check-rate-limit.js'
import type { HandlerResult, OperationRequest } from '../handler-types.js'
import { headerOf, type RequestInFlight } from './core-request.js'
import { callHandler, projectFor } from './operation-call.js'
import { createPlanner, type HandlerSet, type OperationPlan } from './operation-plan.js'
import { readOperationBody, routeOperation, validateInput, type ReadBody } from './operation-steps.js'
import { ValidQueryCache } from './query-cache.js'
import { editRequest, editRequestBody } from './request-edits.js'
import { parseQuery } from './query-parser.js'

/**
 * The spec's operations: route → body → auth → request validation → project → latency → handler.
 * Anything rejected before the handler changes nothing (errors are thrown as ApiErrors and answered
 * by the core). Plain functions that return a promise only when something has to be waited for (a
 * body to read, injected latency, an async handler): most requests have none, and every await costs a tick.
 * The whole deps: it ends in callHandler, whose handlers get them all (HandlerContext.deps).
 */
export function createOperationPipeline(deps: MockDeps, handlers: HandlerSet): (exchange: RequestInFlight) => HandlerResult | Promise<HandlerResult> {
  const planFor = createPlanner(deps, handlers)
  const validQueries = new ValidQueryCache(deps.config.caches ? undefined : 0)

  function serve(exchange: RequestInFlight, plan: OperationPlan, rawParams: Record<string, string>, read: ReadBody): HandlerResult | Promise<HandlerResult> {
    const { request } = exchange
    const query = parseQuery(exchange.search, deps.qs)
    if (deps.faults.size > 0) exchange.faultRequest = { params: rawParams, query, headers: request.headers, body: read.body }
    const auth = authenticate(plan.security, { operationId: plan.operationId, headers: request.headers, query }, deps)
    rateLimits.afterAuthentication(deps, exchange, auth)
    const valid = validateInput(deps, validQueries, plan, exchange, { params: rawParams, query, ...read })
    const project = projectFor(deps, auth, valid.params)
    const fallbackHost = `${deps.config.host}:${deps.config.port}`
    const operationRequest: OperationRequest = {
      operationId: plan.operationId,
      method: exchange.method,
      path: exchange.path,
      params: valid.params as Record<string, string>,
      query: valid.query,
      headers: request.headers as Record<string, string | undefined>,
      body: valid.body,
      auth,
      requestId: exchange.requestId,
      // a getter: only the export operations need it (the mock speaks plain HTTP unless the adapter knows better)
      get baseUrl() {
        return request.origin ?? `http://${headerOf(request, 'host') ?? fallbackHost}`
      },
    }
    const latency = deps.latency.for(plan.operationId)
    if (latency > 0) return deps.delay(latency).then(() => callHandler(deps, plan, operationRequest, project))
    return callHandler(deps, plan, operationRequest, project)
  }

  return (exchange) => {
    const { operation, params } = routeOperation(deps, exchange)
    const plan = planFor(operation)
    exchange.operationId = plan.operationId
    const edited = deps.faults.size > 0
    if (edited) editRequest(deps.faults, plan.operationId, exchange)
    if (!plan.bodyTypes) return serve(exchange, plan, params, {})
    return readOperationBody(deps, plan, exchange).then((read) => {
      const body = edited ? editRequestBody(deps.faults, plan.operationId, read) : read
      return serve(exchange, plan, params, plan.bodyDefaults && body.body !== undefined ? { ...body, body: plan.bodyDefaults(body.body) } : body)
    })
  }
}
