import type { RequestInFlight } from './core-request.js'

/** The logger the core writes to: pino's Logger fits, and so does anything with these methods (the core never imports pino). */
export interface LogSink {
  level: string
  info(fields: object, message?: string): void
  warn(fields: object, message?: string): void
  error(fields: object, message?: string): void
}

/** Logs nothing. */
export const silentLog: LogSink = { level: 'silent', info: () => {}, warn: () => {}, error: () => {} }

/**
 * Unexpected errors (a handler of yours that threw), with their stack, to the console; no request lines.
 * The default of the portable mock and the MSW handlers: in a test run a bug must show, not only a 500.
 */
export const consoleErrors: LogSink = {
  level: 'error',
  info: () => {},
  warn: () => {},
  error(fields, message) {
    const { err, ...context } = fields as { err?: unknown }
    if (err === undefined) return
    const where = Object.entries(context).map(([name, value]) => `${name}=${String(value)}`).join(' ')
    console.error(`[promokit] ${message ?? 'error'}${where ? ` (${where})` : ''}:`, err)
  },
}

/**
 * One line per answered request, in pino-http's shape (`req`, `res`, `responseTime`) plus the
 * operationId. Secret headers are left to the logger's redaction (mock/adapters/logging.ts REDACT_PATHS);
 * the export download's token is taken out of the URL here.
 */
export function logAnswer(log: LogSink, exchange: RequestInFlight, status: number, at: number): void {
  if (log.level === 'silent' || (log.level === 'error' && status < 500)) return
  const fields = {
    req: { id: exchange.requestId, method: exchange.method, url: redactUrl(exchange.request.url), headers: exchange.request.headers },
    res: { statusCode: status },
    responseTime: Math.round(at - exchange.startedAt),
    ...(exchange.operationId ? { operationId: exchange.operationId } : {}),
  }
  if (status >= 500) log.error(fields, 'request errored')
  else if (status >= 400) log.warn(fields, 'request completed')
  else log.info(fields, 'request completed')
}

/**
 * The export download takes its secret in the query string, so URLs are logged without it. A
 * parameter counts as the token however its name is spelled on the wire (`token[]`, `%74oken`,
 * `TOKEN`): the query parser would read most of those as `token` too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    if (eq < 0) return pair
    return isTokenName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=[redacted]` : pair
  })
  return `${url.slice(0, q)}?${params.join('&')}`
}

function isTokenName(raw: string): boolean {
  let name = raw
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    // a malformed escape stays as sent
  }
  return /^\s*token\s*(\[|$)/i.test(name)
}
