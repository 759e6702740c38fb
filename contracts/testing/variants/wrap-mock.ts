import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SuiteOperation } from '../../suite-validator.js'
import { Transport } from '../../http-transport.js'
import { RouteTable } from '../../../src/validation/routes.js'

/** A forwarded request to the in-process mock never takes this long unless something hangs. */
const FORWARD_TIMEOUT_MS = 30_000

/** A request as the wrapper sees it; `body` is the parsed JSON (undefined otherwise). Behaviours may change it. */
export interface WrappedRequest {
  method: string
  /** Path and query, e.g. `/v1/campaigns?limit=2`. */
  url: URL
  headers: Record<string, string>
  body: any
  /** The raw body, sent when `body` is undefined (e.g. a form). */
  text: string
  /** The spec operation it addresses (`_mock` for the control API), undefined when none matches. */
  operationId?: string
  /** Path parameters of that operation. */
  params: Record<string, string>
}

/** An answer; `body` (parsed JSON) is serialised again when set, else `text` is sent as is. */
export interface WrappedResponse {
  status: number
  headers: Record<string, string>
  body?: any
  text: string
}

export interface WrapContext {
  /** Sends a request to the mock itself (unwrapped), e.g. with the caller's `headers`: what a behaviour uses to look things up. */
  forward(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<WrappedResponse>
  /** Per-wrapper memory of a behaviour (e.g. the campaigns it deleted). */
  state: Map<string, any>
}

/**
 * How a wrapped mock differs from the mock: `request` may rewrite the request or answer it itself;
 * `response` rewrites the mock's answer. Both see only what a deployment would see on the wire.
 */
export interface Behaviour {
  request?(req: WrappedRequest, ctx: WrapContext): void | WrappedResponse | Promise<void | WrappedResponse>
  response?(res: WrappedResponse, req: WrappedRequest, ctx: WrapContext): void | WrappedResponse | Promise<void | WrappedResponse>
  /**
   * The answers it can change, when it changes nothing else (see narrow.ts): an operation (omitted: any) and the
   * status the mock answered (omitted: any). Left out, the behaviour may change any answer.
   */
  affects?: readonly Reach[]
}

/** Answers of an operation (omitted: every operation) with a status (omitted: any status). */
export interface Reach {
  operationId?: string
  status?: number
}

export interface WrappedMock {
  url: string
  /** Requests other than GET a behaviour sent to the mock itself (ctx.forward): state it changed beyond answers. */
  writes(): number
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding'])

/**
 * An HTTP server on 127.0.0.1 (port 0) in front of the mock at `target`, behaving as `behaviour` says. Only for
 * what the mock's fault engine cannot be (`POST /_mock/faults` is the one for fixed changes of requests and
 * answers): a change that depends on an earlier answer or on a request's values beyond a matcher (issue 12's
 * variants and two defects, a target whose deletes never apply). The mock's own address in its answers
 * (export download URLs) is replaced by the wrapper's, so every follow-up request passes through it too.
 */
export async function wrapMock(target: string, behaviour: Behaviour, operations: readonly SuiteOperation[]): Promise<WrappedMock> {
  const routes = new RouteTable(operations)
  const state = new Map<string, any>()
  let self = ''
  // The suite's own keep-alive client: each run forwards ~200 requests.
  const transport = new Transport()
  const origin = new URL(target).origin
  const forward = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<WrappedResponse> => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
    const res = await transport.send({ method, url: `${origin}${path}`, headers, body: payload }, FORWARD_TIMEOUT_MS)
    const out: Record<string, string> = {}
    for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value
    const text = res.text.split(target).join(self)
    return { status: res.status, headers: out, text, body: /json/i.test(out['content-type'] ?? '') && text !== '' ? safeParse(text) : undefined }
  }
  let writes = 0
  const ctx: WrapContext = {
    state,
    forward: (method, path, body, headers = {}) => {
      if (method.toUpperCase() !== 'GET') writes++
      return forward(method, path, body, { ...headers, ...(body === undefined || typeof body === 'string' ? {} : { 'content-type': 'application/json' }) })
    },
  }

  const server: Server = createServer((incoming, outgoing) => {
    handle(incoming)
      .then((res) => {
        const text = res.body !== undefined ? JSON.stringify(res.body) : res.text
        outgoing.writeHead(res.status, res.headers).end(text)
      })
      .catch((error: Error) => outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`wrapper: ${error.stack}`))
  })

  async function handle(incoming: IncomingMessage): Promise<WrappedResponse> {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value
    const url = new URL(incoming.url ?? '/', self)
    const method = (incoming.method ?? 'GET').toUpperCase()
    const route = match(routes, method, url.pathname)
    const req: WrappedRequest = { method, url, headers, text: raw, body: /json/i.test(headers['content-type'] ?? '') && raw ? safeParse(raw) : undefined, operationId: route?.operationId, params: route?.params ?? {} }
    const answered = req.operationId === '_mock' ? undefined : await behaviour.request?.(req, ctx)
    if (answered) return answered
    const body = req.body !== undefined ? JSON.stringify(req.body) : req.text || undefined
    const res = await forward(method, req.url.pathname + req.url.search, body, headers)
    if (req.operationId === '_mock') return res
    return (await behaviour.response?.(res, req, ctx)) ?? res
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: self,
    writes: () => writes,
    close: () => new Promise((resolve) => {
      transport.close()
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

/** The operation of a request to the mock; `_mock` for its control API (passed through untouched). */
function match(routes: RouteTable<SuiteOperation>, method: string, path: string): { operationId: string; params: Record<string, string> } | undefined {
  if (path.startsWith('/_mock/')) return { operationId: '_mock', params: {} }
  const found = routes.match(method, path)
  return found && 'operation' in found ? { operationId: found.operation.operationId, params: found.params } : undefined
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
