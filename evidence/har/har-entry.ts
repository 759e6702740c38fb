import { STATUS_CODES } from 'node:http'
import type { HarEntry } from './har-types.js'
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
const q = JSON.stringify

/**
 * The HAR 1.2 entry of an exchange as JSON text on one line, secrets redacted, bodies kept (as base64 when they
 * are not text). Written out field by field rather than built as an object and stringified: a recorder writes
 * one per exchange, and walking the object again cost about as much as building it (bench: record). Only the
 * strings go through JSON.stringify (escaping), the body's text above all, which is most of the entry.
 */
export function harEntryText(exchange: RawExchange): string {
  const { request, response } = exchange
  const url = new URL(request.url)
  const requestBody = request.body && request.body.length > 0 ? request.body : undefined
  const responseType = headerOf(response.headers, 'content-type') ?? ''
  const postData = requestBody ? `"postData":{"mimeType":${q(headerOf(request.headers, 'content-type') ?? '')},"text":${q(redactText(requestBody.toString('utf8')))}},` : ''
  const content = TEXTUAL.test(responseType) || response.body.length === 0
    ? `"text":${q(redactText(response.body.toString('utf8')))}`
    : `"text":"${response.body.toString('base64')}","encoding":"base64"`
  return (
    `{"startedDateTime":"${isoTime(exchange.startedAt)}","time":${exchange.durationMs},` +
    `"request":{"method":${q(request.method.toUpperCase())},"url":${q(redactText(url.href))},"httpVersion":"HTTP/1.1","cookies":[],` +
    `"headers":${headersText(request.headers)},"queryString":${queryText(url)},${postData}"headersSize":-1,"bodySize":${requestBody?.length ?? 0}},` +
    `"response":{"status":${response.status},"statusText":${q(response.statusText ?? STATUS_CODES[response.status] ?? '')},"httpVersion":"HTTP/1.1","cookies":[],` +
    `"headers":${headersText(response.headers)},"content":{"size":${response.body.length},"mimeType":${q(responseType)},${content}},` +
    `"redirectURL":${q(headerOf(response.headers, 'location') ?? '')},"headersSize":-1,"bodySize":${response.body.length}},` +
    `"cache":{},"timings":{"send":0,"wait":${exchange.durationMs},"receive":0}${exchange.operationId ? `,"_operationId":${q(exchange.operationId)}` : ''}}`
  )
}

/** The entry as an object (tests, and tools that read entries rather than write them). */
export const toHarEntry = (exchange: RawExchange): HarEntry => JSON.parse(harEntryText(exchange)) as HarEntry

// Exchanges finishing in the same millisecond (all of them, under load) share one time stamp: formatted once.
let lastTime = NaN
let lastIso = ''
function isoTime(time: number): string {
  if (time !== lastTime) lastIso = new Date((lastTime = time)).toISOString()
  return lastIso
}

function headersText(headers: [string, string][]): string {
  let text = ''
  for (const [name, value] of headers) text += `${text ? ',' : ''}{"name":${q(name)},"value":${q(redactHeader(name, redactText(value)))}}`
  return `[${text}]`
}

function queryText(url: URL): string {
  if (!url.search) return '[]'
  let text = ''
  for (const [name, value] of url.searchParams) text += `${text ? ',' : ''}{"name":${q(name)},"value":${q(redactText(`${name}=${value}`).slice(name.length + 1))}}`
  return `[${text}]`
}

function headerOf(headers: [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1]
}
