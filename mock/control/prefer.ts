import type { OperationInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { cloneJson } from '../../src/json-clone.js'
import { ApiError, ERROR_CATALOGUE, errorForStatus, type ErrorCode } from '../engine/errors.js'
import type { HandlerResult } from '../engine/handler-types.js'

/** What a `Prefer` header asks for, in Prism's syntax: `Prefer: code=409`, `Prefer: example=duplicateName`, or both. */
export interface Preference {
  code?: number
  example?: string
}

/** Reads `code` and `example` from a Prefer header (other preferences, e.g. `respond-async`, are not ours and are ignored). */
export function parsePrefer(header: string | string[] | undefined): Preference | undefined {
  if (header === undefined) return undefined
  const text = Array.isArray(header) ? header.join(',') : header
  const preference: Preference = {}
  for (const part of text.split(/[,;]/)) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim().toLowerCase()
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1')
    if (name === 'code') {
      if (!/^\d{3}$/.test(value)) throw new ApiError('INVALID_PAYLOAD', `Prefer: code=${value} is not an HTTP status; send e.g. Prefer: code=409`)
      preference.code = Number(value)
    } else if (name === 'example') preference.example = value
  }
  return preference.code === undefined && preference.example === undefined ? undefined : preference
}

type Examples = Record<string, { value?: unknown }>

/** The named examples the spec gives for one response of an operation (JSON content). */
function examplesOf(validator: ContractValidator, operation: OperationInfo, status: string): Examples {
  const item = validator.doc.paths?.[operation.path] as Record<string, { responses?: Record<string, unknown> }> | undefined
  const response = item?.[operation.method.toLowerCase()]?.responses?.[status] as { content?: Record<string, { examples?: Examples }> } | undefined
  const json = response?.content?.['application/json']
  return json?.examples ?? {}
}

/**
 * The answer a `Prefer` header picks for this request, or undefined when the request runs as usual.
 * An error status documented for the operation answers that error (the spec's named example when it
 * has one, with this request's id, else the catalogue's error for the status) before the handler
 * runs, so nothing changes. A documented success status runs the request as usual: the mock's
 * success answers come from its state. `example=` answers that named example of any documented
 * response. A server error (500, 502, 503, 504) answers the spec's Error format although no operation
 * documents one. Anything else not documented is a 400 listing what is.
 */
export function preferredAnswer(validator: ContractValidator, operation: OperationInfo, preference: Preference, requestId: string): HandlerResult | undefined {
  const documented = Object.keys(operation.responses)
  const { code, example } = preference
  if (code !== undefined && !documented.includes(String(code))) {
    if (example === undefined && SERVER_ERRORS.has(code)) return serverError(code, requestId)
    throw new ApiError('INVALID_PAYLOAD', `Prefer: code=${code} is not documented for ${operation.operationId}; documented: ${documented.join(', ')}, or a server error (${[...SERVER_ERRORS].join(', ')})`)
  }
  if (example !== undefined) {
    const statuses = code === undefined ? documented : [String(code)]
    for (const status of statuses) {
      const named = examplesOf(validator, operation, status)
      if (Object.hasOwn(named, example)) return answer(Number(status), named[example].value, requestId)
    }
    const names = statuses.flatMap((status) => Object.keys(examplesOf(validator, operation, status)).map((name) => `${name} (${status})`))
    const where = code === undefined ? operation.operationId : `${operation.operationId} ${code}`
    throw new ApiError('INVALID_PAYLOAD', `Prefer: example=${example} is not an example of ${where}; documented: ${names.join(', ') || 'none'}`)
  }
  if (code === undefined || code < 400) return undefined
  const first = Object.values(examplesOf(validator, operation, String(code)))[0]
  if (first) return answer(code, first.value, requestId)
  return { status: code, body: documentedError(validator, operation, code, `Prefer: code=${code} asked for this answer`).toBody(requestId) }
}

/**
 * The error an operation documents for a status (a `status` fault, `Prefer: code=` without an example
 * body): the key and message of the status's first named example, e.g. validateStackedDiscounts' 400 is
 * `invalid_payload`, not the catalogue's first 400 (`invalid_campaign`); the catalogue's when it has none.
 */
export function documentedError(validator: ContractValidator, operation: OperationInfo | undefined, status: number, details: string): ApiError {
  const first = operation && Object.values(examplesOf(validator, operation, String(status)))[0]?.value
  const key = (first as { key?: unknown } | undefined)?.key
  const code = typeof key === 'string' ? (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).find((c) => ERROR_CATALOGUE[c].key === key && ERROR_CATALOGUE[c].status === status) : undefined
  if (!code) return errorForStatus(status, details)
  const message = (first as { message?: unknown }).message
  return new ApiError(code, details, typeof message === 'string' ? { message } : {})
}

/**
 * Server errors a browser app must survive on every call (an overloaded or restarting service, a
 * gateway in front of it). Neither the API description nor the real service documents one for any
 * operation, so `Prefer` answers them in the spec's Error format, as a `status` fault does.
 */
const SERVER_ERRORS: ReadonlySet<number> = new Set([500, 502, 503, 504])

const serverError = (code: number, requestId: string): HandlerResult => ({
  status: code,
  body: errorForStatus(code, `Prefer: code=${code} asked for this answer (no operation documents it; the body is the spec's Error format)`).toBody(requestId),
})

/** An example's body, with this request's id where the example carries one (it must match X-Request-Id). */
function answer(status: number, value: unknown, requestId: string): HandlerResult {
  const body = cloneJson(value)
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'request_id' in body) (body as Record<string, unknown>).request_id = requestId
  return { status, body }
}
