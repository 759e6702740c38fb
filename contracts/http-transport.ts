import http from 'node:http'
import https from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { Agent, Dispatcher } from 'undici'

export interface TransportRequest {
  method: string
  url: string
  /** Path and query exactly as they go on the wire instead of `url`'s, not normalised (tests that send odd targets). */
  target?: string
  headers: Record<string, string>
  body?: string | Buffer
}

export interface TransportResponse {
  status: number
  /** Lower-case names; a repeated header's values joined with `, ` (as fetch's Headers does). */
  headers: Record<string, string>
  text: string
}

export type TransportObserver = (request: TransportRequest, response: TransportResponse, startedAt: number, durationMs: number) => void

/** The request took longer than its timeout (connecting, waiting for the answer or reading it). */
export class TransportTimeout extends Error {
  override readonly name = 'TimeoutError'
}

/** A request that failed on a reused keep-alive socket before any answer. */
class StaleSocket extends Error {
  constructor() {
    super('the kept-alive connection was closed by the server (ECONNRESET before any answer)')
  }
}

/**
 * A request as a proxy forwards it: headers as node:http's raw list (name, value, name, value...: order, case
 * and repeats kept), the body as bytes.
 */
export interface RawRequest {
  method: string
  url: string
  headers: string[]
  body?: Buffer
}

/** An answer as it came: status line, raw header list, body bytes (not decoded). */
export interface RawAnswer {
  status: number
  statusText: string
  rawHeaders: string[]
  body: Buffer
}

interface Answered {
  res: http.IncomingMessage
  body: Buffer
}

/**
 * The project's one HTTP client. `send` (the suite's requests: small and many) is HTTP/1.1 over node:http with
 * keep-alive agents of its own; global fetch costs about three times the CPU per request and its module load,
 * which is what a contract run against a nearby target spends its time on. Redirects are not followed (a 3xx is
 * an answer to check).
 */
export class Transport {
  readonly #agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) }
  // `exchange` (a proxy forwarding every request of its clients) goes through undici's dispatcher: per exchange it
  // costs about half the CPU of a node:http ClientRequest (no OutgoingMessage, no header object, no stream per
  // answer), which is most of what a recording proxy spends (bench: record). Loaded on the first exchange: its
  // module takes 150-300 ms to load here, which a contract run (it never calls exchange) must not pay.
  #raw: Promise<Agent> | undefined

  /** `observe` sees every completed exchange of `send` (`promokit contract --record` writes them to a HAR file). */
  constructor(private readonly observe?: TransportObserver) {}

  async send(request: TransportRequest, timeoutMs: number): Promise<TransportResponse> {
    const headers: Record<string, string> = { 'user-agent': 'promokit', ...request.headers }
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body))
    const startedAt = Date.now()
    const started = performance.now()
    const url = new URL(request.url)
    const options = { ...requestOptions(url), method: request.method, headers, ...(request.target !== undefined ? { path: request.target } : {}) }
    const { res, body } = await this.#retried((fresh) => this.#request(url.protocol === 'https:', options, request.body, timeoutMs, fresh))
    const response = { status: res.statusCode ?? 0, headers: flatHeaders(res.headers), text: decode(body, res.headers['content-encoding']) }
    this.observe?.({ ...request, headers }, response, startedAt, Math.round(performance.now() - started))
    return response
  }

  /** The exchange as it is on the wire, nothing added to the request but its framing (Host, Connection), nothing decoded in the answer (`promokit record`). */
  exchange(request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
    // undici drops a connection that failed, so the second attempt goes out on another one
    return this.#retried(() => this.#dispatch(request, timeoutMs))
  }

  async #dispatch(request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
    const url = new URL(request.url)
    const raw = await (this.#raw ??= import('undici').then(({ Agent }) => new Agent({ connect: { timeout: timeoutMs } })))
    return new Promise((resolve, reject) => {
      let answer: RawAnswer | undefined
      let chunks: Buffer[] = []
      const options: Dispatcher.DispatchOptions = {
        origin: url.origin,
        path: url.pathname + url.search,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body && request.body.length > 0 ? request.body : null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }
      raw.dispatch(options, {
        onRequestStart() {},
        onResponseStart(controller, status, _headers, statusText) {
          // called again after a 1xx: the final answer is the last one
          answer = { status, statusText: statusText ?? '', rawHeaders: latin1(controller.rawHeaders), body: EMPTY }
          chunks = []
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk)
        },
        onResponseEnd() {
          if (!answer) return reject(new Error('the target closed the exchange without an answer'))
          answer.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
          resolve(answer)
        },
        onResponseError(_controller, error: Error & { code?: string }) {
          if (TIMEOUT_CODES.has(error.code ?? '')) return reject(new TransportTimeout(`no answer within ${timeoutMs} ms`))
          reject(!answer && error.code === 'UND_ERR_SOCKET' ? new StaleSocket() : error)
        },
      })
    })
  }

  async #retried<T>(send: (fresh: boolean) => Promise<T>): Promise<T> {
    try {
      return await send(false)
    } catch (error) {
      // A kept-alive socket the server closed while idle (its keep-alive timeout) fails at once: the request never
      // reached the server, so it is sent again on a fresh connection (Node's documented reusedSocket pattern).
      if (!(error instanceof StaleSocket)) throw error
      return send(true)
    }
  }

  /** `fresh`: on a connection of its own (never a pooled one that may be stale too). */
  #request(secure: boolean, options: http.RequestOptions, body: string | Buffer | undefined, timeoutMs: number, fresh: boolean): Promise<Answered> {
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request({ ...options, agent: fresh ? false : secure ? this.#agents.https : this.#agents.http })
      // Made only when needed: an Error per request (its stack) is a cost every request would pay.
      let timeout: TransportTimeout | undefined
      const timer = setTimeout(() => req.destroy((timeout = new TransportTimeout(`no answer within ${timeoutMs} ms`))), timeoutMs)
      const fail = (error: Error): void => {
        clearTimeout(timer)
        reject(error)
      }
      let answered = false
      req.on('error', (error: NodeJS.ErrnoException) => fail(!answered && req.reusedSocket && error.code === 'ECONNRESET' ? new StaleSocket() : error))
      req.on('response', (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', fail)
        res.on('close', () => res.complete || fail(timeout ?? new Error('the connection closed before the answer was complete')))
        res.on('end', () => {
          clearTimeout(timer)
          resolve({ res, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) })
        })
      })
      req.end(body)
    })
  }

  /** Drops the idle connections (they do not keep the process alive either way). */
  close(): void {
    this.#agents.http.destroy()
    this.#agents.https.destroy()
    void this.#raw?.then((agent) => agent.destroy())
  }
}

/** One request on connections of its own, closed after it. */
export async function sendOnce(request: TransportRequest, timeoutMs: number): Promise<TransportResponse> {
  const transport = new Transport()
  try {
    return await transport.send(request, timeoutMs)
  } finally {
    transport.close()
  }
}

const EMPTY = Buffer.alloc(0)
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])

/** undici's raw header list (name, value, ...) as node:http gives it: strings, bytes read as latin1 (header bytes are opaque octets). */
function latin1(raw: Dispatcher.DispatchController['rawHeaders']): string[] {
  if (!Array.isArray(raw)) return []
  return raw.map((item: Buffer | string) => (typeof item === 'string' ? item : item.toString('latin1')))
}

/**
 * What node:http would take from the URL (its urlToHttpOptions), built directly: only the parts a request uses,
 * so the agent copies a small object (the suite sends ~900 requests a run, issue 25).
 */
function requestOptions(url: URL): http.RequestOptions {
  // An IPv6 literal comes bracketed in the URL, bare in the options.
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const options: http.RequestOptions = { protocol: url.protocol, hostname, path: url.pathname + url.search }
  if (url.port !== '') options.port = Number(url.port)
  if (url.username || url.password) options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
  return options
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const name in headers) {
    const value = headers[name]
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

/** We ask for no encoding, but a target may compress anyway; fetch would have decoded it too. */
function decode(body: Buffer, encoding: string | undefined): string {
  const how = encoding?.trim().toLowerCase()
  if (!how || how === 'identity' || body.length === 0) return body.toString('utf8')
  if (how === 'gzip' || how === 'x-gzip') return gunzipSync(body).toString('utf8')
  if (how === 'deflate') return inflateSync(body).toString('utf8')
  if (how === 'br') return brotliDecompressSync(body).toString('utf8')
  throw new Error(`unsupported content-encoding ${encoding}`)
}

/** What a user can act on: the timeout, or the system's reason (ECONNREFUSED, ENOTFOUND, ...) with its code. */
export function describeTransportError(error: unknown, timeoutMs: number): string {
  const e = error as Error & { code?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  if (e?.code) return e.message.includes(e.code) ? e.message : `${e.message} (${e.code})`
  const cause = e?.cause?.code ?? e?.cause?.message
  return cause ? `${e.message} (${cause})` : String(e?.message ?? error)
}
