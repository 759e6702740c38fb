import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { Transport, describeTransportError } from '../../contracts/http-transport.js'
import type { Clock } from '../../src/clock.js'
import { systemClock } from '../../src/clock.js'
import { harEntryText } from '../har/har-entry.js'
import type { HarWriter } from '../har/har-writer.js'

export interface RecordingProxyOptions {
  /** Where requests go, e.g. https://staging.example.com (a base path is kept: /api + /v1/campaigns). */
  target: string
  /** Gets each exchange as a HAR entry's JSON text (harEntryText). */
  writer: Pick<HarWriter, 'append'>
  /** Time stamps of the entries (tests inject one). */
  clock?: Clock
  /** The project's one HTTP client (keep-alive connections to the target); `promokit record` closes it on stop. */
  transport?: Transport
  /** How long the target may take to answer before the client gets a 502. */
  timeoutMs?: number
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, not to the exchange being forwarded; the
// client's host is replaced by the target's, its accept-encoding dropped so the recording holds readable bodies, and
// an Expect: 100-continue was already met by this server (node:http answers it before the request reaches us).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'accept-encoding', 'content-length', 'expect'])

/** The end-to-end headers of node:http's raw list: as pairs (for the entry) and as a raw list again (to forward). */
function forwarded(raw: string[]): { pairs: [string, string][]; flat: string[] } {
  const pairs: [string, string][] = []
  const flat: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (HOP_BY_HOP.has(raw[i].toLowerCase())) continue
    pairs.push([raw[i], raw[i + 1]])
    flat.push(raw[i], raw[i + 1])
  }
  return { pairs, flat }
}

const NO_BODY = Buffer.alloc(0)

/**
 * A request listener that forwards every request to `target` and records the exchange (HAR 1.2, secrets
 * redacted) once the answer is complete. The client is answered once the entry is in the file: an answer it
 * has seen is already recorded (a reader of the HAR while the proxy runs, or a Ctrl-C right after, never misses
 * it); the writer batches the entries of concurrent exchanges into one write. It never listens itself:
 * `promokit record` (or a test) does.
 */
export function createRecordingProxy(options: RecordingProxyOptions): RequestListener {
  const target = new URL(options.target)
  const basePath = target.pathname.replace(/\/+$/, '')
  const clock = options.clock ?? systemClock
  const transport = options.transport ?? new Transport()
  const timeoutMs = options.timeoutMs ?? 60_000

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, startedAt: number, started: number): void => {
    const url = target.origin + basePath + (req.url ?? '/')
    const method = req.method ?? 'GET'
    const headers = forwarded(req.rawHeaders)
    if (body.length > 0 || req.headers['content-length'] !== undefined) headers.flat.push('content-length', String(body.length))
    transport.exchange({ method, url, headers: headers.flat, body }, timeoutMs).then(
      (answer) => {
        const answerHeaders = forwarded(answer.rawHeaders)
        const entry = harEntryText({
          startedAt,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          request: { method, url, headers: headers.pairs, body },
          response: { status: answer.status, statusText: answer.statusText, headers: answerHeaders.pairs, body: answer.body },
        })
        answerHeaders.flat.push('content-length', String(answer.body.length))
        const reply = (): void => {
          res.writeHead(answer.status || 502, answer.statusText, answerHeaders.flat)
          res.end(answer.body)
        }
        // answered even when the file cannot be written: the exchange happened; `promokit record` stops on the failure
        options.writer.append(entry).then(reply, reply)
      },
      (error: unknown) => answerUnreachable(res, url, describeTransportError(error, timeoutMs)),
    )
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = clock.now()
    const started = performance.now()
    // a request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): forwarded at once, no stream read
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return forward(req, res, NO_BODY, startedAt, started)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => forward(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), startedAt, started))
  }
}

/** The target did not answer: the client gets a 502 in the API's Error format; nothing is recorded (there was no exchange). */
function answerUnreachable(res: ServerResponse, url: string, reason: string): void {
  if (res.headersSent) return void res.destroy()
  const body = JSON.stringify({ code: 502, key: 'bad_gateway', message: 'Bad gateway', details: `promokit record could not reach ${new URL(url).origin}: ${reason}` })
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body)
}
