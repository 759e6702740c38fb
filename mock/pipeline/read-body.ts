import type { IncomingMessage } from 'node:http'
import { ApiError } from '../errors.js'
import { loadQs } from './query-parser.js'

/** The body bytes, or undefined when the request has none (the SDK sends JSON content type on GETs with no body). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const length = req.headers['content-length']
  const chunked = req.headers['transfer-encoding'] !== undefined
  if (!chunked && (length === undefined || length === '0')) return undefined
  if (length !== undefined && Number(length) > maxBytes) {
    await discard(req)
    throw tooLarge(maxBytes)
  }
  const chunks: Buffer[] = []
  let size = 0
  let overflow = false
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) overflow = true
    if (!overflow) chunks.push(chunk)
  }
  if (overflow) throw tooLarge(maxBytes)
  return size === 0 ? undefined : Buffer.concat(chunks, size)
}

/**
 * What a host app's body parser left on the request, when one ran before the mock: mounted with
 * `host.use(express.json()); host.use('/api', createMockApp(deps))`, the stream is already consumed
 * and reading it again would wait for bytes that never come. `raw` when the host kept bytes or text
 * (express.raw, express.text), `parsed` when it parsed them (express.json, express.urlencoded).
 */
export function bodyReadByHost(req: IncomingMessage): { raw?: Buffer; parsed?: unknown } | undefined {
  if (!req.readableEnded) return undefined
  const body = (req as IncomingMessage & { body?: unknown }).body
  if (body === undefined || body === null) return {}
  if (Buffer.isBuffer(body)) return body.length === 0 ? {} : { raw: body }
  if (typeof body === 'string') return body === '' ? {} : { raw: Buffer.from(body, 'utf8') }
  return { parsed: body }
}

// Reading the rest before answering lets the client finish sending and then see the 413,
// instead of a connection reset mid-upload.
async function discard(req: IncomingMessage): Promise<void> {
  for await (const _ of req as AsyncIterable<Buffer>) void _
}

const tooLarge = (maxBytes: number): ApiError =>
  new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${maxBytes} bytes`)

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined
  const semi = contentType.indexOf(';')
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase()
}

/** Parses the body by its media type; the caller has already checked the operation accepts that type. */
export function parseBody(raw: Buffer, type: string): unknown {
  const text = raw.toString('utf8')
  if (type === 'application/x-www-form-urlencoded') return loadQs().parse(text)
  if (type === 'application/json' || type.endsWith('+json')) {
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
  return text
}

// No request of the spec nests past ~10 levels; a deeper body would overflow the stack of the
// recursive steps after parsing (validation, error details) and answer 500.
const MAX_JSON_DEPTH = 64

/**
 * How many `{` and `[` bytes the text has, an upper bound of its nesting depth: counting bytes is
 * far cheaper than walking the parsed value, and almost every body is under the limit by this count.
 */
function openings(raw: Buffer): number {
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
