import { ApiError } from '../errors.js'
import type { LoadQs } from './query-parser.js'

export const tooLarge = (maxBytes: number): ApiError =>
  new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${maxBytes} bytes`)

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined
  const semi = contentType.indexOf(';')
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase()
}

export const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json')

const utf8 = new TextDecoder()

/** Parses the body by its media type; the caller has already checked the operation accepts that type. */
export function parseBody(raw: Uint8Array, type: string, qs: LoadQs): unknown {
  const text = utf8.decode(raw)
  if (type === 'application/x-www-form-urlencoded') return qs().parse(text)
  if (isJsonType(type)) return parseJson(raw, text)
  return text
}

/** JSON.parse with the mock's errors: malformed text is MALFORMED_JSON, a too deeply nested value INVALID_PAYLOAD. */
export function parseJson(raw: Uint8Array, text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ApiError('MALFORMED_JSON', `The body is not valid JSON: ${(error as Error).message}`)
  }
  if (openings(raw) > MAX_JSON_DEPTH && depthOf(value) > MAX_JSON_DEPTH) {
    throw new ApiError('INVALID_PAYLOAD', `The body is nested deeper than ${MAX_JSON_DEPTH} levels`)
  }
  return value
}

// No request of the spec nests past ~10 levels; a deeper body would overflow the stack of the
// recursive steps after parsing (validation, error details) and answer 500.
const MAX_JSON_DEPTH = 64

/**
 * How many `{` and `[` bytes the text has, an upper bound of its nesting depth: counting bytes is
 * far cheaper than walking the parsed value, and almost every body is under the limit by this count.
 */
function openings(raw: Uint8Array): number {
  let count = 0
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]
    if (byte === 0x7b || byte === 0x5b) count++
  }
  return count
}

/** Nesting depth without recursion (the value may be thousands of levels deep). */
function depthOf(root: unknown): number {
  let max = 0
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number]
    if (value === null || typeof value !== 'object') continue
    if (depth + 1 > max) max = depth + 1
    if (max > MAX_JSON_DEPTH) return max
    for (const child of Object.values(value)) stack.push([child, depth + 1])
  }
  return max
}
