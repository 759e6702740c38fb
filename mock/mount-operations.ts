import type { IncomingMessage, ServerResponse } from 'node:http'
import { authenticate } from './auth/authenticate.js'
import type { MockDeps } from './deps.js'
import { ApiError, errorForStatus } from './errors.js'
import { createPlanner, type OperationPlan } from './pipeline/operation-plan.js'
import { bodyReadByHost, mediaType, parseBody, readBody } from './pipeline/read-body.js'
import { journalAnswer } from './pipeline/front-door.js'
import { baseUrlOf, localsOf, pathOf, queryOf, splitUrl } from './pipeline/locals.js'
import { ValidQueryCache } from './pipeline/query-cache.js'
import { requestIdOf } from './pipeline/request-id.js'
import { requestValidationError } from './pipeline/request-errors.js'
import { applyResponseFaults, writeResult } from './pipeline/respond.js'
import { carryOutNetworkFault } from './pipeline/network-faults.js'
import { abortAfterHandler, answerInsteadOfHandler } from './control/request-overrides.js'
import type { ProjectState } from './project-state.js'
import type { AuthContext, HandlerResult, OperationHandlers, OperationRequest } from './types.js'

type ReadBody = { body?: unknown; contentType?: string }

const isEmpty = (record: Record<string, unknown>): boolean => {
  for (const _ in record) return false
  return true
}

const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function'

/** What each creating operation adds to, and how many there are now. */
const OBJECT_COUNTS: Record<string, (p: ProjectState, deps: MockDeps) => [string, number]> = {
  createCampaign: (p) => ['campaigns per project', p.campaigns.size],
  createCategory: (p) => ['categories per project', p.categories.size],
  exportCampaignTransactions: (p) => ['exports per project', p.exports.list().length],
  redeemStackedDiscounts: (p) => ['redemptions per project', p.redemptions.size],
  createOAuthToken: (_p, deps) => ['access tokens', deps.tokens.size],
}

/**
 * The pipeline that serves every operation of the spec (createEntry runs it after the front door):
 * route (from the spec) → body → auth → request validation → latency → handler → faults → response.
 * Anything rejected before the handler changes nothing. `fail` gets errors that are not ApiErrors.
 */
export function mountOperations(deps: MockDeps, handlers: OperationHandlers) {
  const planFor = createPlanner(deps, handlers)
  const validQueries = new ValidQueryCache(deps.config.caches ? undefined : 0)

  // Plain functions that return a promise only when something has to be waited for (a body to read,
  // injected latency, an async handler): most requests have none, and every await costs a tick.
  return function operationPipeline(req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): void | Promise<void> {
    const requestId = requestIdOf(res)
    let operationId: string | undefined
    const failed = (error: unknown): HandlerResult | undefined => {
      if (error instanceof ApiError) return { status: error.status, body: error.toBody(requestId), headers: error.headers }
      fail(error)
      return undefined
    }
    const send = (result: HandlerResult | undefined): void => {
      if (!result) return
      if (result.network) return carryOutNetworkFault(res, result, deps.faults)
      writeResult(res, operationId ? applyResponseFaults(result, operationId, deps.faults) : result)
      journalAnswer(deps, req, res)
    }
    let pending: HandlerResult | Promise<HandlerResult>
    try {
      const method = req.method ?? 'GET'
      const path = pathOf(req, res)
      const match = deps.validator.matchRoute(method, path)
      if (!match) {
        throw new ApiError('ROUTE_NOT_FOUND', `No operation at ${method} ${path}`, { resourceId: path, resourceType: 'route' })
      }
      if ('methodNotAllowed' in match) {
        const allow = match.methodNotAllowed.join(', ')
        throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; allowed: ${allow}`, { headers: { Allow: allow } })
      }
      const plan = planFor(match.operation)
      operationId = plan.operationId
      localsOf(res).operationId = operationId
      pending = plan.bodyTypes
        ? readRequestBody(plan, req).then((read) => run(plan, match.params, req, res, read))
        : run(plan, match.params, req, res, {})
    } catch (error) {
      return send(failed(error))
    }
    if (pending instanceof Promise) return pending.then(send, (error: unknown) => send(failed(error)))
    send(pending)
  }

  function run(plan: OperationPlan, rawParams: Record<string, string>, req: IncomingMessage, res: ServerResponse, read: ReadBody): HandlerResult | Promise<HandlerResult> {
    const { body, contentType } = read
    const query = queryOf(req, res)
    const auth = authenticate(plan.security, { operationId: plan.operationId, headers: req.headers, query }, deps)
    let params: Record<string, unknown> = rawParams
    let values: Record<string, unknown> = query
    // only the query to check: a query string validated before needs no second look
    const search = !plan.bodyTypes && isEmpty(rawParams) ? splitUrl(res, req).search : undefined
    const known = search === undefined ? undefined : validQueries.get(plan.operationId, search)
    if (known) values = known
    else if (!deps.faults.active(plan.operationId, 'skip-request-validation')) {
      const outcome = deps.validator.validateRequest(plan.operationId, { params: rawParams, query, headers: req.headers, body, contentType })
      if (!outcome.valid) throw requestValidationError(plan.operationId, outcome.violations, body)
      params = outcome.values.params
      values = outcome.values.query
      // the headers come back as given when the operation declares none: then only the query mattered
      if (search !== undefined && outcome.values.headers === req.headers) validQueries.remember(plan.operationId, search, values)
    }
    const project = projectFor(auth, params)
    const request: OperationRequest = {
      operationId: plan.operationId,
      method: req.method ?? 'GET',
      path: pathOf(req, res),
      params: params as Record<string, string>,
      query: values,
      headers: req.headers as Record<string, string | undefined>,
      body,
      auth,
      requestId: requestIdOf(res),
      // a getter: only the export operations need it
      get baseUrl() {
        return baseUrlOf(req, `${deps.config.host}:${deps.config.port}`)
      },
    }
    const latency = deps.latency.for(plan.operationId)
    if (latency > 0) return deps.delay(latency).then(() => callHandler(plan, request, project))
    return callHandler(plan, request, project)
  }

  function callHandler(plan: OperationPlan, request: OperationRequest, project: ProjectState): HandlerResult | Promise<HandlerResult> {
    const instead = answerInsteadOfHandler(deps, request)
    if (instead) return instead
    const forced = deps.faults.take(plan.operationId, 'status', undefined, request)
    if (forced && (forced.status ?? 500) >= 400) {
      throw errorForStatus(forced.status ?? 500, `Injected fault: ${plan.operationId} answers ${forced.status ?? 500}`)
    }
    if (!plan.handler) throw new ApiError('NOT_IMPLEMENTED', `The mock has no handler for ${plan.operationId} yet`)
    refusePastObjectLimit(plan.operationId, project)
    // A forced success status also overrides a domain error (e.g. a 200 where a duplicate must get 409).
    const status = forced?.status
    const network = abortAfterHandler(deps, request)
    const finish = (result: HandlerResult): HandlerResult => (status || network ? { ...result, ...(status ? { status } : {}), network } : result)
    const recover = (error: unknown): HandlerResult => {
      if (status && status < 400 && error instanceof ApiError) return { status, body: error.toBody(request.requestId) }
      throw error
    }
    let outcome: HandlerResult | PromiseLike<HandlerResult>
    try {
      outcome = plan.handler(request, { deps, project })
    } catch (error) {
      return finish(recover(error))
    }
    // a user's handler may return any thenable, not only a native promise
    return isThenable(outcome) ? Promise.resolve(outcome).then(finish, (error: unknown) => finish(recover(error))) : finish(outcome)
  }

  async function readRequestBody(plan: OperationPlan, req: IncomingMessage): Promise<ReadBody> {
    if (!plan.bodyTypes) return {}
    const host = bodyReadByHost(req)
    const raw = host ? host.raw : await readBody(req, deps.config.maxBodyBytes)
    const contentType = mediaType(req.headers['content-type'])
    if (raw === undefined && host?.parsed === undefined) return { contentType }
    if (!contentType || !plan.bodyTypes.includes(contentType)) {
      throw new ApiError(
        'UNSUPPORTED_CONTENT_TYPE',
        `Content-Type ${contentType ?? '(none)'} is not accepted by ${plan.operationId}; send ${plan.bodyTypes.join(' or ')}`,
      )
    }
    return { body: raw === undefined ? host?.parsed : parseBody(raw, contentType), contentType }
  }

  /** A runaway client cannot grow the state without bound: creating past `maxObjects` is a clear 400. */
  function refusePastObjectLimit(operationId: string, project: ProjectState): void {
    const counted = OBJECT_COUNTS[operationId]
    if (!counted) return
    const [kind, count] = counted(project, deps)
    const max = deps.config.maxObjects
    if (count < max) return
    throw new ApiError('OBJECT_LIMIT', `This mock holds at most ${max} ${kind} (maxObjects, flag --max-objects); delete some or reset the mock`)
  }

  /** /v1 callers act on their credentials' project; management callers on the path's project. */
  function projectFor(auth: AuthContext, params: Record<string, unknown>): ProjectState {
    if (auth.scheme === 'managementKeys' && typeof params.projectId === 'string') {
      const project = deps.projects.get(params.projectId)
      if (!project) {
        throw new ApiError('NOT_FOUND', `Cannot find project with id ${params.projectId}`, {
          message: 'Cannot find project',
          resourceId: params.projectId,
          resourceType: 'project',
        })
      }
      return project
    }
    const project = auth.projectId ? deps.projects.get(auth.projectId) : deps.projects.all()[0]
    if (!project) throw new ApiError('UNAUTHORIZED', 'The credentials belong to no project of this server')
    return project
  }
}
