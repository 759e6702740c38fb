import type { FaultRegistry } from '../../control/faults.js'
import type { FaultRequest } from '../../control/fault-match.js'
import type { HandlerResult } from '../handler-io.js'

/**
 * The platform-neutral shapes of one request and its answer. Adapters (node:http, Express, the Fetch
 * API for MSW) build a CoreRequest from what their platform gives them and write the CoreAnswer back;
 * everything between (mock/engine/pipeline/core.ts) is the same code on every platform.
 */
export interface CoreRequest {
  method: string
  /** The request target as sent: origin-form (`/v1/campaigns?limit=2`) or absolute (`http://host/v1/...`). */
  url: string
  /** Header values by lower-case name (node:http's `req.headers` as it is). */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The body's bytes, or undefined when there are none; a body over `maxBytes` is a PAYLOAD_TOO_LARGE ApiError. */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>
  /** What a host app's body parser left, when one ran first (`host.use(express.json())`); see adapters/node-http.ts. */
  hostBody?: { raw?: Uint8Array; parsed?: unknown }
  /** `scheme://host[:port]` as the client reached the mock, when the adapter knows it (Fetch); else from the Host header. */
  origin?: string
  /** The client's address, when the platform knows it (rate limits on `/client/v1` count per address). */
  address?: string
}

export interface CoreAnswer {
  status: number
  headers: Record<string, string>
  body?: string | Uint8Array
  /** A network fault to carry out instead of answering (reset, abort mid-body, hang): only a platform with sockets can. */
  network?: { result: HandlerResult; faults: FaultRegistry }
}

/** What the core keeps about one request while it is answered; a plain object, never on the platform's request. */
export interface RequestInFlight {
  request: CoreRequest
  method: string
  path: string
  search: string
  requestId: string
  /** Headers every answer to this request carries (request id, CORS). */
  headers: Record<string, string>
  operationId?: string
  /** Clock ms when a request of the API (not the control API) arrived; journaled with its answer. */
  journalAt?: number
  /** performance.now() at arrival, for the request log's responseTime. */
  startedAt: number
  /** Counted against a rate limit already (mock/engine/rate-limit): a request counts once. */
  rateCounted?: boolean
  /** The request's values for fault matchers on its answer; set once they are read, only while faults are armed. */
  faultRequest?: FaultRequest
}

/**
 * The path and query string of a request target. Absolute-form targets (`GET http://host/v1/campaigns`,
 * which proxies send, and every Fetch Request) are reduced to their path as Express does.
 */
export function splitTarget(url: string): { path: string; search: string } {
  if (url.charCodeAt(0) !== 0x2f) {
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    return { path: parsed?.pathname ?? url, search: parsed?.search.slice(1) ?? '' }
  }
  const q = url.indexOf('?')
  return { path: q < 0 ? url : url.slice(0, q), search: q < 0 ? '' : url.slice(q + 1) }
}

/** A header's value as one string (node:http gives arrays only for set-cookie, which requests do not carry). */
export function headerOf(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
