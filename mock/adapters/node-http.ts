import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Mock } from '../create-mock.js'
import type { CoreAnswer, CoreRequest } from '../engine/pipeline/core-request.js'
import { carryOutNetworkFault } from '../engine/pipeline/network-faults.js'
import { tooLarge } from '../engine/pipeline/read-body.js'

/** A node:http request as the core sees it. `host: true` when a host app may have parsed the body first (Express). */
export function fromNodeRequest(req: IncomingMessage, { host = false } = {}): CoreRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    readBody: (maxBytes) => readBody(req, maxBytes),
    hostBody: host ? bodyReadByHost(req) : undefined,
    address: req.socket?.remoteAddress,
  }
}

/** Writes the core's answer (Node itself leaves the body out of an answer to HEAD). */
export function writeAnswer(res: ServerResponse, answer: CoreAnswer): void {
  if (answer.network) {
    for (const name in answer.headers) res.setHeader(name, answer.headers[name])
    return carryOutNetworkFault(res, answer.network.result, answer.network.faults)
  }
  res.statusCode = answer.status
  for (const name in answer.headers) res.setHeader(name, answer.headers[name])
  if (answer.body === undefined) return void res.end()
  // set here, not left to Node: for HEAD it would send none, and HEAD answers with the GET's headers
  if (!res.hasHeader('content-length')) res.setHeader('content-length', typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.byteLength)
  res.end(answer.body)
}

/** The body bytes, or undefined when the request has none (the SDK sends JSON content type on GETs with no body). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
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

// Reading the rest before answering lets the client finish sending and then see the 413,
// instead of a connection reset mid-upload.
async function discard(req: IncomingMessage): Promise<void> {
  for await (const _ of req as AsyncIterable<Buffer>) void _
}

/**
 * What a host app's body parser left on the request, when one ran before the mock: mounted with
 * `host.use(express.json()); host.use('/api', createMockApp(deps))`, the stream is already consumed
 * and reading it again would wait for bytes that never come. `raw` when the host kept bytes or text
 * (express.raw, express.text), `parsed` when it parsed them (express.json, express.urlencoded).
 */
export function bodyReadByHost(req: IncomingMessage): { raw?: Uint8Array; parsed?: unknown } | undefined {
  if (!req.readableEnded) return undefined
  const body = (req as IncomingMessage & { body?: unknown }).body
  if (body === undefined || body === null) return {}
  if (Buffer.isBuffer(body)) return body.length === 0 ? {} : { raw: body }
  if (typeof body === 'string') return body === '' ? {} : { raw: Buffer.from(body, 'utf8') }
  return { parsed: body }
}

/**
 * A node:http handler over the core. `next` gets the requests the core leaves to the site app (pages,
 * the spec, the console), with their request id and CORS headers already set and their log line
 * written when they finish.
 */
export function nodeHandler(core: Pick<Mock, 'run' | 'logPassed'>, { host = false } = {}): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const outcome = core.run(fromNodeRequest(req, { host }))
    if (outcome instanceof Promise) {
      outcome.then((answer) => writeAnswer(res, answer), () => res.destroy())
    } else if ('passed' in outcome) {
      const exchange = outcome.passed
      for (const name in exchange.headers) res.setHeader(name, exchange.headers[name])
      res.once('finish', () => core.logPassed(exchange, res.statusCode))
      next()
    } else writeAnswer(res, outcome)
  }
}
