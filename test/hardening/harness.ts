import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'
import { Transport } from '../../contracts/http-transport.js'
import { listen, closeServer } from '../../mock/adapters/node-server.js'
import { createMockListener } from '../../mock/adapters/node-listener.js'
import { createTestApp, type TestApp, type TestAppOptions } from '../../mock/testing/index.js'
import type { ContractValidator } from '../../src/validation/validator.js'

export interface RawResponse {
  status: number
  /** Lower-case names, repeated values joined. */
  headers: Record<string, string>
  text: string
  /** Parsed JSON when the answer says it is JSON. */
  body: unknown
}

export interface RawRequest {
  method: string
  /** Path and query exactly as they go on the wire. */
  target: string
  headers?: Record<string, string>
  body?: Buffer
}

/** A test app listening on 127.0.0.1:0, and a client that sends bytes exactly as given (no normalising). */
export interface LiveApp extends TestApp {
  server: Server
  send(request: RawRequest): Promise<RawResponse>
  /** Error-level log lines of the mock (an unexpected 500 logs its cause here). */
  errors: string[]
  close(): Promise<void>
}

/** What a live app serves with: the Express app (a host's mount) or the node:http listener `promokit mock` ships. */
export const LIVE_ENTRIES = ['express', 'listener'] as const
export type LiveEntry = (typeof LIVE_ENTRIES)[number]

/** The request handler of a test app for an entry (the listener is built over the same deps). */
export const handlerOf = (t: TestApp, entry: LiveEntry, options: TestAppOptions = {}) => (entry === 'listener' ? createMockListener(t.deps, options) : t.app)

export async function startLiveApp(options: TestAppOptions = {}, entry: LiveEntry = 'express'): Promise<LiveApp> {
  const t = await createTestApp(options)
  const errors: string[] = []
  const sink = new Writable({ write: (chunk, _enc, done) => (errors.push(String(chunk)), done()) })
  t.deps.logger = pino({ level: 'error' }, sink)
  const server = await listen(handlerOf(t, entry, options), '127.0.0.1', 0)
  const { port } = server.address() as AddressInfo
  const transport = new Transport()
  const send = (req: RawRequest) => rawSend(port, transport, req)
  return {
    ...t,
    server,
    send,
    errors,
    close: async () => {
      transport.close()
      await closeServer(server)
    },
  }
}

/** Sends the bytes as given (target not normalised) through the suite's keep-alive client. */
export async function rawSend(port: number, transport: Transport, req: RawRequest, host = '127.0.0.1'): Promise<RawResponse> {
  const res = await transport.send({ method: req.method, url: `http://${host}:${port}`, target: req.target, headers: req.headers ?? {}, body: req.body }, RAW_TIMEOUT_MS)
  const body = /json/i.test(res.headers['content-type'] ?? '') && res.text.length > 0 ? JSON.parse(res.text) : res.text
  return { ...res, body }
}

/** Longer than any answer of the mock takes; a request that hangs fails the test instead of stalling it. */
const RAW_TIMEOUT_MS = 60_000

/** Violations of the spec for one answer: the operation's documented responses, or the Error schema. */
export function contractProblems(validator: ContractValidator, method: string, target: string, res: RawResponse): string[] {
  const path = target.split('?')[0]
  const match = validator.matchRoute(method, path)
  // The spec documents 405 and 413 once for every operation (info.description), so they are checked as Error bodies.
  const routed = match && 'operation' in match && res.status !== 413 && res.status !== 405
  const outcome = routed
    ? validator.validateResponse(match.operation.operationId, res.status, res.body, res.headers as Record<string, string>)
    : validator.validateSchema('Error', res.body)
  const problems = outcome.valid ? [] : outcome.violations.map((v) => `${v.pointer || '/'}: ${v.message}`)
  if (!routed && res.status < 400) problems.push(`unrouted request answered ${res.status}`)
  return problems
}

/** Everything every project holds, vouchers included, as one comparable string. */
export function fingerprint(t: TestApp): string {
  return JSON.stringify(
    t.deps.projects.all().map((p) => ({ id: p.id, ...p.dump(), vouchers: p.vouchers.list({ limit: 1_000_000 }) })),
  )
}
