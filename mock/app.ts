import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import { createControlRouter, type ControlHooks } from './control/control-router.js'
import type { MockDeps } from './deps.js'
import { ApiError, toApiError } from './errors.js'
import { operationHandlers } from './handlers.js'
import { createHttpLogger } from './logging.js'
import { mountOperations } from './mount-operations.js'
import { CONTROL_PREFIX, frontDoor, journalAnswer } from './pipeline/front-door.js'
import { parseQuery } from './pipeline/query-parser.js'
import { requestIdOf } from './pipeline/request-id.js'
import type { OperationHandlers } from './types.js'

export interface MockAppOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides). */
  handlers?: OperationHandlers
  control?: ControlHooks
}

/** The mock's Express app: control API under `/_mock`, then every operation of the spec. Never listens. */
export function createMockApp(deps: MockDeps, options: MockAppOptions = {}): Express {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // qs parsing, so deepObject filters such as `filters[name][conditions][$in][0]=x` arrive nested.
  app.set('query parser', parseQuery)

  app.use(frontDoor(deps))
  if (deps.logger.level !== 'silent') app.use(createHttpLogger(deps.logger))
  app.use(CONTROL_PREFIX, createControlRouter(deps, options.control))
  app.use(mountOperations(deps, { ...operationHandlers, ...options.handlers }))
  app.use((req: Request) => {
    throw new ApiError('ROUTE_NOT_FOUND', `No route at ${req.method} ${req.path}`, { resourceId: req.path, resourceType: 'route' })
  })
  app.use(errorMiddleware(deps))
  return app
}

/** The ONE error middleware: known errors in the spec's Error format, anything else a logged 500. */
function errorMiddleware(deps: MockDeps) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(err)
    const known = toApiError(err)
    const error =
      known ??
      new ApiError('INTERNAL', 'The mock failed unexpectedly; the error is in its log')
    if (!known) deps.logger.error({ err, method: req.method, path: req.path, requestId: requestIdOf(res) }, 'unhandled error')
    if (error.headers) for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value)
    res.status(error.status).json(error.toBody(requestIdOf(res)))
    journalAnswer(deps, req, res)
  }
}
