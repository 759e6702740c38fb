import { STATUS_CODES } from 'node:http'
import type { HarEntry, HarNameValue } from './har-types.js'
import { redactHeader, redactText } from './redact.js'

/** One HTTP exchange as a recorder sees it, before redaction. Headers keep their order and repeats. */
export interface RawExchange {
  startedAt: number
  durationMs: number
  request: { method: string; url: string; headers: [string, string][]; body?: Buffer }
  response: { status: number; statusText?: string; headers: [string, string][]; body: Buffer }
  operationId?: string
}

const TEXTUAL = /^(text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|x-www-form-urlencoded|javascript)\b)/i

/** The HAR 1.2 entry of an exchange, secrets redacted, bodies kept (as base64 when they are not text). */
export function toHarEntry(exchange: RawExchange): HarEntry {
  const { request, response } = exchange
  const url = new URL(request.url)
  const requestType = headerOf(request.headers, 'content-type') ?? ''
  const responseType = headerOf(response.headers, 'content-type') ?? ''
  const requestBody = request.body && request.body.length > 0 ? request.body : undefined
  const textual = TEXTUAL.test(responseType) || response.body.length === 0
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method.toUpperCase(),
      url: redactText(url.toString()),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value: redactText(`${name}=${value}`).slice(name.length + 1) })),
      ...(requestBody ? { postData: { mimeType: requestType, text: redactText(requestBody.toString('utf8')) } } : {}),
      headersSize: -1,
      bodySize: requestBody?.length ?? 0,
    },
    response: {
      status: response.status,
      statusText: response.statusText ?? STATUS_CODES[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(response.headers),
      content: {
        size: response.body.length,
        mimeType: responseType,
        ...(textual ? { text: redactText(response.body.toString('utf8')) } : { text: response.body.toString('base64'), encoding: 'base64' as const }),
      },
      redirectURL: headerOf(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.body.length,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(exchange.operationId ? { _operationId: exchange.operationId } : {}),
  }
}

function harHeaders(headers: [string, string][]): HarNameValue[] {
  return headers.map(([name, value]) => ({ name, value: redactHeader(name, redactText(value)) }))
}

function headerOf(headers: [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1]
}

/** `rawHeaders` of node:http (name, value, name, value, ...) as pairs. */
export function headerPairs(raw: string[]): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]])
  return pairs
}
