import type { FaultRegistry } from '../../control/faults.js'
import type { HandlerResult } from '../handler-types.js'
import type { CoreAnswer, RequestInFlight } from './core-request.js'
import { editBody, editNamed } from './fault-edits.js'
import { jsonTextOf } from './json-text.js'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * An operation's answer with the armed answer faults applied: a `status` rewrite (an Error body's `code`
 * follows it), then edits of the JSON body and of the headers. `whenStatus` compares with the status the
 * mock answered, a matcher the request's values as read (before validation coerced them); the body is copied
 * first, so store objects are never touched.
 */
export function answerWithFaults(result: HandlerResult, operationId: string, faults: FaultRegistry, exchange: RequestInFlight): CoreAnswer {
  if (faults.size === 0) return toAnswer(result, exchange.headers)
  const answered = result.status
  const request = exchange.faultRequest
  const status = faults.rewrittenStatus(operationId, answered, request)
  let out = status === undefined ? result : withStatus(result, status)
  const edits = out.contentType ? [] : faults.edits(operationId, 'response.body', answered, request)
  if (edits.length > 0) out = { ...out, body: editBody(out.body, edits), text: undefined }
  const answer = toAnswer(out, exchange.headers)
  const headerEdits = faults.edits(operationId, 'response.headers', answered, request)
  return headerEdits.length === 0 ? answer : { ...answer, headers: editNamed(answer.headers, headerEdits, true) }
}

function withStatus(result: HandlerResult, status: number): HandlerResult {
  const body = result.body
  if (result.contentType || body === null || typeof body !== 'object' || (body as { code?: unknown }).code !== result.status) return { ...result, status }
  return { ...result, status, body: { ...body, code: status }, text: undefined }
}

/** A handler result as an answer: JSON unless it names another content type. `headers` are the request's own (id, CORS). */
export function toAnswer(result: HandlerResult, headers: Record<string, string>): CoreAnswer {
  const out = result.headers ? Object.assign(headers, result.headers) : headers
  if (result.body === undefined || result.status === 204 || result.status === 304) return { status: result.status, headers: out }
  if (result.contentType) {
    out['Content-Type'] = result.contentType
    const body = result.body
    return { status: result.status, headers: out, body: typeof body === 'string' || body instanceof Uint8Array ? body : String(body) }
  }
  out['Content-Type'] = JSON_TYPE
  return { status: result.status, headers: out, body: result.text ?? jsonTextOf(result.body) ?? JSON.stringify(result.body) }
}
