import { statusMatches } from './coverage.js'
import type { Exchange } from './http-client.js'
import { inSpecShape } from './list-shapes.js'
import type { SuiteValidator } from './suite-validator.js'
import type { Problem } from './types.js'

export interface ResponseExpectation {
  /** The status(es) this request must get; omitted means any status the spec documents. */
  status?: number | readonly number[]
  /** `csv` for the export download (`text/csv`, or `text/plain` as the real service serves it); JSON otherwise. */
  contentType?: 'json' | 'csv'
}

/**
 * Everything a single response must satisfy: the expected status, a status the spec documents for the
 * operation, the right content type, a body valid for that status (the validator's Ajv schemas), and
 * error bodies in the Error format: `code` = status, a `message`, and a `key` that names the error when one is given.
 */
export function checkResponse(validator: SuiteValidator, exchange: Exchange, expectation: ResponseExpectation = {}): Problem[] {
  const { response, operationId } = exchange
  const problems: Problem[] = []
  const wanted = expectation.status === undefined ? undefined : [expectation.status].flat()
  const documented = documentedStatuses(validator, operationId)
  const undocumented = !documented.some((d) => statusMatches(d, response.status))
  if (undocumented || (wanted && !wanted.includes(response.status))) {
    const message = undocumented ? `status ${response.status} is not documented for ${operationId} (documented: ${documented.join(', ')})` : `${operationId} answered an unexpected status`
    problems.push({ location: 'status', pointer: '', message, expected: wanted && (wanted.length === 1 ? wanted[0] : wanted), actual: response.status, keyword: 'status' })
  }
  const hasBody = response.status !== 204 && response.status !== 304 && response.text !== ''
  const csv = expectation.contentType === 'csv' && response.status < 400
  if (hasBody) problems.push(...contentTypeProblems(exchange, csv))
  if (hasBody && !csv && response.body === undefined && /json/i.test(response.contentType)) {
    problems.push({ location: 'body', pointer: '', message: 'the body is not valid JSON', actual: response.text.slice(0, 200), keyword: 'json' })
    return problems
  }
  if (undocumented) return problems
  const body = hasBody ? inSpecShape(validator, operationId, response.status, response.body) : undefined
  const { violations } = validator.validateResponse(operationId, response.status, body, response.headers)
  for (const v of violations) {
    if (v.keyword === 'contentType') {
      // The spec lists text/csv for the download; the real service's text/plain is as good (checked above).
      if (csv) continue
      if (!problems.some((p) => p.location === 'content-type')) problems.push({ location: 'content-type', pointer: '', message: v.message, actual: response.contentType, keyword: v.keyword })
    } else {
      const [, where = '/body', pointer = ''] = /^(\/body|\/header)?(.*)$/.exec(v.pointer) ?? []
      problems.push({ location: where === '/header' ? 'header' : 'body', pointer, message: v.message, actual: v.value, keyword: v.keyword })
    }
  }
  if (response.status >= 400) problems.push(...errorFormatProblems(exchange))
  return dedupe(problems)
}

/** Each operation's documented statuses, by validator: looked up for every answer of a run (~900), listed once. */
const statusesOf = new WeakMap<SuiteValidator, Map<string, string[]>>()

function documentedStatuses(validator: SuiteValidator, operationId: string): string[] {
  let byOperation = statusesOf.get(validator)
  if (!byOperation) statusesOf.set(validator, (byOperation = new Map(validator.operations.map((op) => [op.operationId, Object.keys(op.responses)]))))
  return byOperation.get(operationId) ?? []
}

function contentTypeProblems({ response }: Exchange, csv: boolean): Problem[] {
  const type = response.contentType.split(';')[0].trim().toLowerCase()
  const ok = csv ? type === 'text/csv' || type === 'text/plain' : type === 'application/json' || type.endsWith('+json')
  if (ok) return []
  return [{ location: 'content-type', pointer: '', message: 'wrong content type', expected: csv ? 'text/csv or text/plain' : 'application/json', actual: response.contentType || 'none', keyword: 'contentType' }]
}

/**
 * The Error format every error body must have. `key` may be absent: the description lists it without requiring it,
 * and the real service's Error schema requires only `code` and `message` (real-service-notes 1.3, 8.6). Where a key
 * is documented for a case (404 `not_found`, 409 `duplicate_found`, ...) the check of that case asks for it.
 */
function errorFormatProblems({ response }: Exchange): Problem[] {
  const body = response.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ location: 'body', pointer: '', message: 'an error response must carry an Error object', actual: response.text.slice(0, 120), keyword: 'errorFormat' }]
  }
  const problems: Problem[] = []
  if (body.code !== response.status) problems.push({ location: 'body', pointer: '/code', message: 'Error.code must equal the HTTP status', expected: response.status, actual: body.code, keyword: 'errorFormat' })
  if (body.key !== undefined && (typeof body.key !== 'string' || body.key === '')) problems.push({ location: 'body', pointer: '/key', message: 'Error.key, when given, must name the error', expected: 'a non-empty string', actual: body.key, keyword: 'errorFormat' })
  if (typeof body.message !== 'string') problems.push({ location: 'body', pointer: '/message', message: 'Error.message must be a string', actual: body.message, keyword: 'errorFormat' })
  // No request_id demand: the description lists it without requiring it, the real service's Error schema requires only
  // code and message, and its 401s and management examples carry none (real-service-notes 1.3, 8.6).
  return problems
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = `${p.location}|${p.pointer}|${p.keyword}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * A 401's key: every example of the real service is `unauthorized`, but its Error schema requires only `code` and
 * `message` (real-service-notes 8.6), so a 401 without a key is refused just as well; another key is not.
 */
export function isUnauthorizedKey(key: unknown): boolean {
  return key === undefined || key === 'unauthorized'
}
