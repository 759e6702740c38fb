import type { ServerResponse } from 'node:http'
import type { FaultRegistry } from '../../control/faults.js'
import type { HandlerResult } from '../handler-types.js'
import { jsonTextOf } from './json-text.js'

/**
 * Network faults need the raw socket, so they live in the Node layer: the platform-neutral pipeline
 * only marks a result with `network` (mock/control/request-overrides.ts) and the node:http writer
 * hands it here. (A Fetch/MSW adapter can answer `Response.error()` for all three.)
 * - reset: the connection is reset (TCP RST) before anything is sent; the handler never ran.
 * - abort: the status line, headers (with the full Content-Length) and half the body are sent, then
 *   the connection is cut; the handler ran, so what it changed stays changed, as on a real network.
 * - hang: nothing is sent until the client gives up, `DELETE /_mock/faults` or `/_mock/reset`
 *   releases it, or `ms` passes; then the connection is closed. The handler never ran.
 */
export function carryOutNetworkFault(res: ServerResponse, result: HandlerResult, faults: FaultRegistry): void {
  const network = result.network
  if (!network) return
  if (network.action === 'reset') {
    reset(res)
  } else if (network.action === 'abort') {
    const text = bodyText(result)
    res.statusCode = result.status
    if (result.headers) for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value)
    res.setHeader('Content-Type', result.contentType ?? 'application/json; charset=utf-8')
    res.setHeader('Content-Length', Buffer.byteLength(text))
    res.flushHeaders()
    const half = Buffer.from(text).subarray(0, Math.floor(Buffer.byteLength(text) / 2))
    // cut only once the half has reached the socket, so the client sees a truncated body
    res.write(half, () => reset(res))
  } else {
    hang(res, network.ms ?? 30_000, faults)
  }
}

function hang(res: ServerResponse, ms: number, faults: FaultRegistry): void {
  const release = (): void => {
    forget()
    clearTimeout(timer)
    res.destroy()
  }
  const forget = faults.hold(release)
  const timer = setTimeout(release, ms)
  timer.unref()
  // the client gave up first: nothing left to hold
  res.once('close', () => {
    forget()
    clearTimeout(timer)
  })
}

function reset(res: ServerResponse): void {
  const socket = res.socket
  if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy()
  else res.destroy()
}

function bodyText(result: HandlerResult): string {
  if (result.body === undefined) return ''
  if (typeof result.body === 'string') return result.body
  return result.text ?? jsonTextOf(result.body) ?? JSON.stringify(result.body)
}
