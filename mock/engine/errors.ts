/**
 * The one error catalogue of the mock. Keys follow the real service's documented error keys
 * (docs "Errors" page: invalid_payload, invalid_query_params, not_found, duplicate_found, ...).
 * Stores and handlers throw ApiError; only the error middleware renders it.
 */
export const ERROR_CATALOGUE = {
  INVALID_CAMPAIGN: { status: 400, key: 'invalid_campaign', message: 'Invalid Campaign' },
  INVALID_PAYLOAD: { status: 400, key: 'invalid_payload', message: 'Invalid payload' },
  MALFORMED_JSON: { status: 400, key: 'invalid_payload', message: 'Malformed JSON' },
  UNSUPPORTED_CONTENT_TYPE: { status: 400, key: 'invalid_payload', message: 'Unsupported Content-Type' },
  INVALID_QUERY_PARAMS: { status: 400, key: 'invalid_query_params', message: 'Invalid query params' },
  INVALID_PATH_PARAMS: { status: 400, key: 'invalid_path_params', message: 'Invalid path params' },
  INVALID_REDEEMABLES: { status: 400, key: 'invalid_redeemables', message: 'Invalid redeemables' },
  DUPLICATED_REDEEMABLES: { status: 400, key: 'duplicated_redeemables', message: 'Duplicated redeemables' },
  INVALID_GRANT_TYPE: { status: 400, key: 'invalid_grant_type', message: 'Invalid grant type' },
  INVALID_SCOPE: { status: 400, key: 'invalid_scope', message: 'Invalid scope' },
  MISSING_PARAMETERS: { status: 400, key: 'missing_parameters', message: 'Missing parameters' },
  // The real service caps tokens per project (1000) without documenting the answer; 400 like every object limit.
  TOKEN_LIMIT: { status: 400, key: 'limit_exceeded', message: 'Token limit reached' },
  UNAUTHORIZED: { status: 401, key: 'unauthorized', message: 'Unauthorized' },
  FORBIDDEN: { status: 403, key: 'forbidden', message: 'Forbidden' },
  NOT_FOUND: { status: 404, key: 'not_found', message: 'Resource not found' },
  ROUTE_NOT_FOUND: { status: 404, key: 'not_found', message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'method_not_allowed', message: 'HTTP Method Not Allowed' },
  DUPLICATE_FOUND: { status: 409, key: 'duplicate_found', message: 'Duplicated resource found' },
  CONFLICT: { status: 409, key: 'conflict', message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'query_too_large', message: 'Payload too large' },
  LIMIT_EXCEEDED: { status: 429, key: 'limit_exceeded', message: 'API limit reached' },
  // 400 because every creating operation of the spec documents 400 (and no 429).
  OBJECT_LIMIT: { status: 400, key: 'limit_exceeded', message: 'Object limit reached' },
  // 409: the mock's state, not the pace of requests, refuses it; deleting a sandbox makes room.
  SANDBOX_LIMIT: { status: 409, key: 'limit_exceeded', message: 'Sandbox limit reached' },
  INTERNAL: { status: 500, key: 'internal_error', message: 'Internal Server Error' },
  NOT_IMPLEMENTED: { status: 501, key: 'not_implemented', message: 'Not implemented' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'service_unavailable', message: 'Service unavailable' },
} as const satisfies Record<string, { status: number; key: string; message: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE

export interface ApiErrorOptions {
  /** Overrides the catalogue's short message (the real service sometimes says more, e.g. "Cannot find project"). */
  message?: string
  resourceId?: string
  resourceType?: string
  /** Machine-readable extras kept out of the body, e.g. Ajv violations for logging. */
  violations?: unknown[]
  headers?: Record<string, string>
  /** Overrides the catalogue's status; only forced-status faults use it. */
  status?: number
}

/** The one error type the mock throws; the error middleware turns it into the API's Error body. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly key: string
  readonly details: string
  readonly resourceId?: string
  readonly resourceType?: string
  readonly violations?: unknown[]
  readonly headers?: Record<string, string>

  constructor(code: ErrorCode, details: string, options: ApiErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code]
    super(options.message ?? entry.message)
    this.name = 'ApiError'
    this.code = code
    this.status = options.status ?? entry.status
    this.key = entry.key
    this.details = details
    this.resourceId = options.resourceId
    this.resourceType = options.resourceType
    this.violations = options.violations
    this.headers = options.headers
  }

  /** The body in the spec's Error schema. */
  toBody(requestId: string): ErrorBody {
    return errorBody(this, this.status, requestId)
  }
}

export interface ErrorBody {
  code: number
  key: string
  message: string
  details: string
  request_id: string
  resource_id?: string
  resource_type?: string
}

/** The spec's Error schema (also checkout's per-redeemable `result.error`); resource fields only when known. */
export function errorBody(
  source: { key: string; message: string; details: string; resourceId?: string; resourceType?: string },
  code: number,
  requestId: string,
): ErrorBody {
  return {
    code,
    key: source.key,
    message: source.message,
    details: source.details,
    request_id: requestId,
    ...(source.resourceId !== undefined ? { resource_id: source.resourceId } : {}),
    ...(source.resourceType !== undefined ? { resource_type: source.resourceType } : {}),
  }
}

export const notFound = (resourceType: string, resourceId: string, details?: string): ApiError =>
  new ApiError('NOT_FOUND', details ?? `Cannot find ${resourceType} with id ${resourceId}`, { resourceId, resourceType })

/** The catalogue entry for a status (first match), for forced-status faults; unknown statuses fall back to 500's. */
export function errorForStatus(status: number, details: string): ApiError {
  const code = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).find((c) => ERROR_CATALOGUE[c].status === status) ?? 'INTERNAL'
  return new ApiError(code, details, { status })
}

/** Errors raised by Express or its body parsers (control routes) → the catalogue. */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err
  const e = err as { type?: string; status?: number; message?: string } | undefined
  switch (e?.type) {
    case 'entity.parse.failed':
      return new ApiError('MALFORMED_JSON', `The body is not valid JSON: ${e.message}`)
    case 'entity.too.large':
      return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit')
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_CONTENT_TYPE', e.message ?? 'Unsupported encoding')
    default:
      return undefined
  }
}

/**
 * Any thrown value as the spec's Error answer, the one renderer for the pipeline and the site's pages: a known
 * error as itself, anything else passed to `log` and answered as a 500 that leaks nothing.
 */
export function renderError(err: unknown, requestId: string, log: (err: unknown) => void): { status: number; body: ErrorBody; headers?: ApiError['headers'] } {
  const known = toApiError(err)
  if (!known) log(err)
  const error = known ?? new ApiError('INTERNAL', 'The mock failed unexpectedly; the error is in its log')
  return { status: error.status, body: error.toBody(requestId), ...(error.headers ? { headers: error.headers } : {}) }
}
