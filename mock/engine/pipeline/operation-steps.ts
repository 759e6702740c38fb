import type { MockDeps } from '../mock-deps.js'
import { ApiError } from '../errors.js'
import type { RequestInFlight } from './core-request.js'
import { headerOf } from './core-request.js'
import type { OperationPlan } from './operation-plan.js'
import type { ValidQueryCache } from './query-cache.js'
import { isJsonType, mediaType, parseBody } from './read-body.js'
import { requestValidationError } from './request-errors.js'
import type { OperationInfo } from '../../../src/spec/operations.js'

/** The body as read and parsed, with its media type. */
export interface ReadBody {
  body?: unknown
  contentType?: string
}

/** Validated request values: path parameters and query as the handler gets them. */
export interface ValidInput {
  params: Record<string, unknown>
  query: Record<string, unknown>
  /** The body as validated: a JSON body's null fields read as absent (src/validation/null-fields). */
  body: unknown
}

/** What reading a body takes: the size limit (config) and the form parser. */
export type ReadBodyDeps = Pick<MockDeps, 'config' | 'qs'>

/** Step 1: the spec operation at this method and path, or the API's 404 / 405 (with `Allow`). */
export function routeOperation(deps: Pick<MockDeps, 'validator'>, exchange: RequestInFlight): { operation: OperationInfo; params: Record<string, string> } {
  const { method, path } = exchange
  const match = deps.validator.matchRoute(method, path)
  if (!match) {
    throw new ApiError('ROUTE_NOT_FOUND', `No operation at ${method} ${path}`, { resourceId: path, resourceType: 'route' })
  }
  if ('methodNotAllowed' in match) {
    const allow = match.methodNotAllowed.join(', ')
    throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; allowed: ${allow}`, { headers: { Allow: allow } })
  }
  return match
}

/** Step 2 (operations that take a body): read it, or take what a host app parsed, and check its media type. */
export async function readOperationBody(deps: ReadBodyDeps, plan: OperationPlan, exchange: RequestInFlight): Promise<ReadBody> {
  const bodyTypes = plan.bodyTypes ?? []
  const { request } = exchange
  const host = request.hostBody
  const raw = host ? host.raw : await request.readBody(deps.config.maxBodyBytes)
  const contentType = mediaType(headerOf(request, 'content-type'))
  if (raw === undefined && host?.parsed === undefined) return { contentType }
  if (!contentType || !bodyTypes.includes(contentType)) {
    throw new ApiError(
      'UNSUPPORTED_CONTENT_TYPE',
      `Content-Type ${contentType ?? '(none)'} is not accepted by ${plan.operationId}; send ${bodyTypes.join(' or ')}`,
    )
  }
  return { body: raw === undefined ? host?.parsed : parseBody(raw, contentType, deps.qs), contentType }
}

/** The body of a control call: JSON when it says so (a host's parsed body as it is), otherwise none. */
export async function readControlBody(deps: ReadBodyDeps, exchange: RequestInFlight): Promise<unknown> {
  const { request } = exchange
  if (request.hostBody) return request.hostBody.parsed
  const type = mediaType(headerOf(request, 'content-type'))
  // fixture sets loaded through the control API may be far larger than any API body
  const raw = await request.readBody(Math.max(deps.config.maxBodyBytes, 32 * 1024 * 1024))
  return raw === undefined || !type || !isJsonType(type) ? undefined : parseBody(raw, type, deps.qs)
}

const isEmpty = (record: Record<string, unknown>): boolean => {
  for (const _ in record) return false
  return true
}

/**
 * Step 4: validate parameters, query, headers and body against the spec (a 400 in the API's format
 * otherwise). A query string validated before, on an operation with nothing else to validate, is
 * taken from the cache.
 */
export function validateInput(
  deps: Pick<MockDeps, 'faults' | 'validator'>,
  validQueries: ValidQueryCache,
  plan: OperationPlan,
  exchange: RequestInFlight,
  input: { params: Record<string, string>; query: Record<string, unknown> } & ReadBody,
): ValidInput {
  const { params, query, body, contentType } = input
  const search = !plan.bodyTypes && isEmpty(params) ? exchange.search : undefined
  const known = search === undefined ? undefined : validQueries.get(plan.operationId, search)
  if (known) return { params, query: known, body }
  if (deps.faults.active(plan.operationId, 'skip-request-validation')) return { params, query, body }
  const headers = exchange.request.headers
  const outcome = deps.validator.validateRequest(plan.operationId, { params, query, headers, body, contentType })
  if (!outcome.valid) throw requestValidationError(plan.operationId, outcome.violations, body)
  // the headers come back as given when the operation declares none: then only the query mattered
  if (search !== undefined && outcome.values.headers === headers) validQueries.remember(plan.operationId, search, outcome.values.query)
  return { params: outcome.values.params, query: outcome.values.query, body: outcome.values.body }
}
