import { ApiError } from '../engine/errors.js'
import { escapePointerToken, getPointer, parsePointer } from '../../src/json-pointer.js'

/**
 * Narrows a fault to some requests of its operation: every listed value must match. Path parameters,
 * query parameters and headers compare as strings (a repeated query parameter matches when any of its
 * values does; header names are case-insensitive); body fields are a top-level name or a JSON pointer
 * (`/order/amount`) and compare as JSON values.
 */
export interface FaultMatch {
  params?: Record<string, string>
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: Record<string, unknown>
}

/** The parts of a request a matcher looks at (the validated values, as the handler gets them). */
export interface FaultRequest {
  params: Record<string, unknown>
  query: Record<string, unknown>
  headers: Record<string, string | string[] | undefined>
  body?: unknown
}

const MATCH_KEYS = ['params', 'query', 'headers', 'body'] as const

const bad = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Checks the `match` of a `POST /_mock/faults` body: an unknown key is a 400, never a silently wider fault. */
export function parseMatch(value: unknown): FaultMatch {
  if (!isObject(value)) throw bad('match: must be an object with any of params, query, headers, body')
  const match: FaultMatch = {}
  for (const key of Object.keys(value)) {
    if (!(MATCH_KEYS as readonly string[]).includes(key)) throw bad(`match.${key}: unknown matcher; use ${MATCH_KEYS.join(', ')}`)
    const entries = value[key]
    if (!isObject(entries) || Object.keys(entries).length === 0) throw bad(`match.${key}: must be a non-empty object of name: value`)
    // built without a prototype: the names come from a request
    const target: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    for (const [name, expected] of Object.entries(entries)) {
      if (name === '') throw bad(`match.${key}: a name may not be empty`)
      if (key === 'body') {
        if (name.startsWith('/')) parseBodyPointer(name)
        target[name] = expected
      } else {
        if (typeof expected !== 'string' && typeof expected !== 'number' && typeof expected !== 'boolean') {
          throw bad(`match.${key}.${name}: must be a string (or number, boolean)`)
        }
        target[key === 'headers' ? name.toLowerCase() : name] = String(expected)
      }
    }
    ;(match as Record<string, unknown>)[key] = target
  }
  return match
}

function parseBodyPointer(pointer: string): string[] {
  try {
    return parsePointer(pointer)
  } catch (error) {
    throw bad(`match.body: ${(error as Error).message}`)
  }
}

/** Whether a request has every value the matcher lists. */
export function matchesRequest(match: FaultMatch, request: FaultRequest): boolean {
  return (
    strings(match.params, (name) => own(request.params, name)) &&
    strings(match.query, (name) => own(request.query, name)) &&
    strings(match.headers, (name) => own(request.headers, name)) &&
    bodyFields(match.body, request.body)
  )
}

function strings(expected: Record<string, string> | undefined, actual: (name: string) => unknown): boolean {
  if (!expected) return true
  for (const name in expected) {
    const value = actual(name)
    const values = Array.isArray(value) ? value : [value]
    if (!values.some((v) => v !== undefined && v !== null && String(v) === expected[name])) return false
  }
  return true
}

function bodyFields(expected: Record<string, unknown> | undefined, body: unknown): boolean {
  if (!expected) return true
  for (const name in expected) {
    const pointer = name.startsWith('/') ? name : `/${escapePointerToken(name)}`
    if (!sameJson(getPointer(body, pointer), expected[name])) return false
  }
  return true
}

const own = (record: Record<string, unknown>, name: string): unknown => (Object.hasOwn(record, name) ? record[name] : undefined)

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return keysA.length === keysB.length && keysA.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
