import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { Clock } from '../../src/clock.js'
import { systemClock } from '../../src/clock.js'
import { headerPairs, toHarEntry } from '../har/har-entry.js'
import type { HarWriter } from '../har/har-writer.js'

export interface RecordingProxyOptions {
  /** Where requests go, e.g. https://staging.example.com (a base path is kept: /api + /v1/campaigns). */
  target: string
  writer: Pick<HarWriter, 'append'>
  /** Time stamps of the entries (tests inject one). */
  clock?: Clock
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, not to the exchange being forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'accept-encoding', 'content-length'])

/**
 * A request listener that forwards every request to `target` and records the exchange (HAR 1.2, secrets
 * redacted) once the answer is complete, before passing it on. It never listens itself: `promokit record` (or a test) does.
 * The target is asked for an unencoded answer so the recording holds readable bodies.
 */
export function createRecordingProxy(options: RecordingProxyOptions): RequestListener {
  const target = new URL(options.target)
  const basePath = target.pathname.replace(/\/+$/, '')
  const clock = options.clock ?? systemClock
  const agent = target.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })
  const transport = target.protocol === 'https:' ? https : http

  return (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = clock.now()
    const started = performance.now()
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(basePath + (req.url ?? '/'), target.origin)
      const headers = headerPairs(req.rawHeaders).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
      const outgoing = transport.request(url, { method: req.method, agent, headers: { ...toObject(headers), ...(body.length > 0 || req.headers['content-length'] !== undefined ? { 'content-length': String(body.length) } : {}) } })
      outgoing.on('error', (error) => answerUnreachable(res, url, error))
      outgoing.on('response', (answer) => {
        const answerChunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => answerChunks.push(chunk))
        answer.on('error', (error) => answerUnreachable(res, url, error))
        answer.on('end', () => {
          const answerBody = Buffer.concat(answerChunks)
          const answerHeaders = headerPairs(answer.rawHeaders).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
          // Recorded before the client is answered: an answer it has seen is already in the file (a reader of
          // the HAR while the proxy runs, or a Ctrl-C right after, never misses it).
          options.writer.append(toHarEntry({
            startedAt,
            durationMs: Math.round((performance.now() - started) * 1000) / 1000,
            request: { method: req.method ?? 'GET', url: url.toString(), headers, body },
            response: { status: answer.statusCode ?? 0, statusText: answer.statusMessage, headers: answerHeaders, body: answerBody },
          }))
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, [...answerHeaders.flat(), 'content-length', String(answerBody.length)])
          res.end(answerBody)
        })
      })
      outgoing.end(body)
    })
  }
}

/** The target did not answer: the client gets a 502 in the API's Error format; nothing is recorded (there was no exchange). */
function answerUnreachable(res: ServerResponse, url: URL, error: Error): void {
  if (res.headersSent) return void res.destroy()
  const body = JSON.stringify({ code: 502, key: 'bad_gateway', message: 'Bad gateway', details: `promokit record could not reach ${url.origin}: ${error.message}` })
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body)
}

function toObject(pairs: [string, string][]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = Object.create(null)
  for (const [name, value] of pairs) {
    const key = name.toLowerCase()
    const previous = headers[key]
    headers[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]
  }
  return headers
}
