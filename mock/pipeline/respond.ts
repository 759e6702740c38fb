import type { ServerResponse } from 'node:http'
import { removeAt, setAt } from '../control/json-pointer.js'
import type { FaultRegistry } from '../control/faults.js'
import type { HandlerResult } from '../types.js'
import { jsonTextOf } from './json-text.js'

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

/** Writes a handler result: JSON unless it names another content type. */
export function writeResult(res: ServerResponse, result: HandlerResult): void {
  res.statusCode = result.status
  if (result.headers) for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value)
  if (result.body === undefined || result.status === 204 || result.status === 304) {
    res.end()
    return
  }
  if (result.contentType) {
    res.setHeader('Content-Type', result.contentType)
    res.end(typeof result.body === 'string' || Buffer.isBuffer(result.body) ? result.body : String(result.body))
    return
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(result.text ?? jsonTextOf(result.body) ?? JSON.stringify(result.body))
}
