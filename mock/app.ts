import type { RequestListener } from 'node:http'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import { createControlRouter, type ControlHooks } from './control/control-router.js'
import type { MockDeps } from './deps.js'
import { ApiError } from './errors.js'
import { operationHandlers } from './handlers.js'
import { createHttpLogger } from './logging.js'
import { createEntry, renderError } from './pipeline/entry.js'
import { CONTROL_PREFIX } from './pipeline/front-door.js'
import { parseQuery } from './pipeline/query-parser.js'
import type { OperationHandlers } from './types.js'

export interface MockAppOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides). */
  handlers?: OperationHandlers
  control?: ControlHooks
}

export interface MockListener {
  /** The Express app: every operation of the spec and the control API under `/_mock`. */
  app: Express
  /**
   * What the mock's own server listens with: the spec's operations straight from node:http (the same
   * entry Express mounts first, without Express's per-request setup), the control API through the app.
   */
  listener: RequestListener
}

/** The mock's Express app: every operation of the spec, then the control API under `/_mock`. Never listens. */
export function createMockApp(deps: MockDeps, options: MockAppOptions = {}): Express {
  return createMockListener(deps, options).app
}

/** The app and the listener the mock's server uses; both answer every request alike. Never listens. */
export function createMockListener(deps: MockDeps, options: MockAppOptions = {}): MockListener {
  const logger = deps.logger.level !== 'silent' ? createHttpLogger(deps.logger) : undefined
  const entry = createEntry(deps, { ...operationHandlers, ...options.handlers }, logger && ((req, res) => logger(req, res)))

  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // qs parsing, so deepObject filters such as `filters[name][conditions][$in][0]=x` arrive nested.
  app.set('query parser', parseQuery)
  app.use((req: Request, res: Response, next: NextFunction) => entry(req, res, next))
  app.use(CONTROL_PREFIX, createControlRouter(deps, options.control))
  app.use((req: Request) => {
    throw new ApiError('ROUTE_NOT_FOUND', `No route at ${req.method} ${req.path}`, { resourceId: req.path, resourceType: 'route' })
  })
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => renderError(deps, req, res, err))

  const listener: RequestListener = (req, res) => entry(req, res, () => app(req, res))
  return { app, listener }
}
