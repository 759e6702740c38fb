import { removeAt, setAt } from '../../../src/json-pointer.js'
import type { FaultRegistry } from '../../control/faults.js'
import type { HandlerResult } from '../handler-types.js'
import type { CoreAnswer } from './core-request.js'
import { jsonTextOf } from './json-text.js'

const JSON_TYPE = 'application/json; charset=utf-8'

/** Applies armed drop/set faults to a result; the body is copied first so store objects are never touched. */
export function applyResponseFaults(result: HandlerResult, operationId: string, faults: FaultRegistry): HandlerResult {
  if (faults.size === 0 || result.contentType) return result
  const drops = faults.takeAll(operationId, 'drop', result.status)
  const sets = faults.takeAll(operationId, 'set', result.status)
  if (drops.length === 0 && sets.length === 0) return result
  let body = structuredClone(result.body)
  for (const fault of drops) removeAt(body, fault.pointer ?? '')
  for (const fault of sets) body = setAt(body, fault.pointer ?? '', structuredClone(fault.value))
  return { ...result, body, text: undefined }
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
