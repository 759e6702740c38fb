import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockDeps } from '../deps.js'
import { ApiError, toApiError } from '../errors.js'
import { mountOperations } from '../mount-operations.js'
import { checkRateLimit } from '../rate-limit/check-rate-limit.js'
import type { OperationHandlers } from '../types.js'
import { frontDoor, isControlPath, journalAnswer, type RequestLogger } from './front-door.js'
import { pathOf } from './locals.js'
import { requestIdOf } from './request-id.js'

/** `next()`: not the spec's (a control call): pass it on. `next(error)` is never called: errors are answered here. */
export type Entry = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * Every request of the spec's operations, start to finish, on plain node:http objects: front door,
 * then the operation pipeline, errors answered in the spec's Error format. Express mounts it as its
 * first middleware (createMockApp); the served listener calls it directly, without Express's router
 * and per-request setup, which cost a third of a request's CPU (bench: list-10k).
 */
export function createEntry(deps: MockDeps, handlers: OperationHandlers, logRequest?: RequestLogger): Entry {
  const door = frontDoor(deps, logRequest)
  const operations = mountOperations(deps, handlers)
  return (req, res, next) => {
    if (door(req, res)) return
    if (isControlPath(pathOf(req, res))) return next()
    // Opt-in rate limits (mock/rate-limit): counted before anything else, so every answer carries the headers.
    const overLimit = checkRateLimit(deps, req, res)
    if (overLimit) return renderError(deps, req, res, overLimit)
    const pending = operations(req, res, (error: unknown) => renderError(deps, req, res, error))
    if (pending) pending.catch((error: unknown) => renderError(deps, req, res, error))
  }
}

/** The one place an error becomes an answer: known errors in the spec's Error format, anything else a logged 500. */
export function renderError(deps: MockDeps, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    deps.logger.error({ err, method: req.method, path: pathOf(req, res), requestId: requestIdOf(res) }, 'error after the answer started')
    res.destroy()
    return
  }
  const known = toApiError(err)
  const error = known ?? new ApiError('INTERNAL', 'The mock failed unexpectedly; the error is in its log')
  if (!known) deps.logger.error({ err, method: req.method, path: pathOf(req, res), requestId: requestIdOf(res) }, 'unhandled error')
  res.statusCode = error.status
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(JSON.stringify(error.toBody(requestIdOf(res))))
  journalAnswer(deps, req, res)
}
