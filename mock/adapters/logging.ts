import { pino, type LevelWithSilent, type Logger } from 'pino'
export { redactUrl } from '../engine/pipeline/request-log.js'

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
