import type { IncomingMessage, ServerResponse } from 'node:http'
import { pino, type LevelWithSilent, type Logger } from 'pino'
import { createRequire } from 'node:module'
import type { HttpLogger, pinoHttp as PinoHttp } from 'pino-http'

/** Header and body paths that carry secrets; pino replaces their values before anything is written. */
export const REDACT_PATHS = [
  'req.headers["x-app-token"]',
  'req.headers["x-management-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-app-token"]',
  'headers["x-management-token"]',
  'headers.authorization',
  'appToken',
  'managementToken',
  'access_token',
  'accessToken',
  'token',
]

/** pino at `level`, writing JSON lines to stdout or to `destination` (a stream, or the terminal formatter of log-format.ts). */
export function createLogger(level: LevelWithSilent, destination?: NodeJS.WritableStream | pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options)
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

/** The request logger for the mock's entry, or none at --log-level silent. */
export function requestLoggerFor(deps: { logger: Logger }): ((req: IncomingMessage, res: ServerResponse) => void) | undefined {
  if (deps.logger.level === 'silent') return undefined
  const log = createHttpLogger(deps.logger)
  return (req, res) => log(req, res)
}

/** pino-http request logs: one line per request, with request id, operationId and no secrets. */
export function createHttpLogger(logger: Logger): HttpLogger {
  // Loaded only when requests are logged (not at --log-level silent): it is start-up time otherwise.
  const { pinoHttp } = createRequire(import.meta.url)('pino-http') as { pinoHttp: typeof PinoHttp }
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => String(res.getHeader('x-request-id') ?? ''),
    customProps: (_req: IncomingMessage, res: ServerResponse) => {
      const operationId = (res as ServerResponse & { locals?: { operationId?: string } }).locals?.operationId
      return operationId ? { operationId } : {}
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        headers: req.headers,
      }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  })
}
