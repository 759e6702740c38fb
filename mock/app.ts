import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import { createControlRouter, type ControlHooks } from './control/control-router.js'
import type { MockDeps } from './deps.js'
import { ApiError } from './errors.js'
import { operationHandlers } from './handlers.js'
import { requestLoggerFor } from './logging.js'
import { createEntry, renderError } from './pipeline/entry.js'
import { CONTROL_PREFIX } from './pipeline/front-door.js'
import { parseQuery } from './pipeline/query-parser.js'
import type { OperationHandlers } from './types.js'
import { createConsoleRouter } from './ui/console-router.js'
import { createSiteRouter } from './ui/site-router.js'

export interface MockAppOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides). */
  handlers?: OperationHandlers
  control?: ControlHooks
}

/** The mock's Express app: every operation of the spec, then the control API under `/_mock`. Never listens. */
export function createMockApp(deps: MockDeps, options: MockAppOptions = {}): Express {
  const entry = createEntry(deps, { ...operationHandlers, ...options.handlers }, requestLoggerFor(deps))
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // qs parsing, so deepObject filters such as `filters[name][conditions][$in][0]=x` arrive nested.
  app.set('query parser', parseQuery)
  app.use((req: Request, res: Response, next: NextFunction) => entry(req, res, next))
  app.use(createSiteRouter(deps))
  app.use(`${CONTROL_PREFIX}/ui`, createConsoleRouter(deps))
  app.use(CONTROL_PREFIX, createControlRouter(deps, options.control))
  app.use((req: Request) => {
    throw new ApiError('ROUTE_NOT_FOUND', `No route at ${req.method} ${req.path}`, { resourceId: req.path, resourceType: 'route' })
  })
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => renderError(deps, req, res, err))
  return app
}
