import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import { nodeHandler } from './node-http.js'
import type { ControlHooks } from '../control/control-routes.js'
import { createMock, isMock, type Mock } from '../create-mock.js'
import type { MockDeps } from '../engine/mock-deps.js'
import { ApiError, renderError } from '../engine/errors.js'
import { CONTROL_PREFIX } from '../engine/pipeline/core.js'
import { parseQuery } from '../engine/pipeline/query-parser.js'
import type { OperationHandlers } from '../engine/handler-types.js'
import { createConsoleRouter, type ConsoleRouterDeps } from '../console/console-router.js'
import { createSiteRouter } from '../console/site-router.js'

export interface MockAppOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides); `ctx.defaultAnswer()` gives the built-in answer. */
  handlers?: OperationHandlers
  control?: ControlHooks
  /** `false`: custom handlers' answers are served without checking them against the spec. */
  validateHandlers?: boolean
}

/**
 * The mock as an Express app, to mount in a host app (`host.use('/api', createMockApp(deps))`): every
 * request goes through the mock's one core (mock/engine/pipeline/core.ts), as with the served listener;
 * only the site's pages reach the Express routes after it. Never listens. Given a Mock (createMock with
 * `site: true`), it serves that mock; given deps, a mock of its own over them.
 */
export function createMockApp(source: MockDeps | Mock, options: MockAppOptions = {}): Express {
  const mock = isMock(source) ? source : createMock(source, { ...options, site: true })
  const { deps } = mock
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // host: a host's body parser may have consumed the stream; the core then takes req.body
  const handle = nodeHandler(mock, { host: true })
  app.use((req: Request, res: Response, next: NextFunction) => handle(req, res, () => next()))
  mountSite(app, deps)
  return app
}

/** What the site's pages read: the console's parts, the query parser and the log for their errors. */
type SiteDeps = ConsoleRouterDeps & Pick<MockDeps, 'qs' | 'logger'>

/** The site's pages alone: what the served listener hands them to. */
export function createSiteApp(deps: SiteDeps): Express {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  mountSite(app, deps)
  return app
}

function mountSite(app: Express, deps: SiteDeps): void {
  // qs parsing, as the core's own query parser (which needs the instance's qs for repeated and nested keys)
  app.set('query parser', (query: string) => parseQuery(query, deps.qs))
  app.use(createSiteRouter(deps))
  app.use(`${CONTROL_PREFIX}/ui`, createConsoleRouter(deps))
  app.use((req: Request) => {
    throw new ApiError('ROUTE_NOT_FOUND', `No route at ${req.method} ${req.path}`, { resourceId: req.path, resourceType: 'route' })
  })
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => renderSiteError(deps, req, res, err))
}

/** Errors of the site's pages in the spec's Error format, with the request id the core gave the request. */
function renderSiteError(deps: Pick<MockDeps, 'logger'>, req: Request, res: Response, err: unknown): void {
  const requestId = String(res.getHeader('x-request-id') ?? 'unknown')
  if (res.headersSent) {
    deps.logger.error({ err, method: req.method, path: req.path, requestId }, 'error after the answer started')
    res.destroy()
    return
  }
  const answer = renderError(err, requestId, (unknown) => deps.logger.error({ err: unknown, method: req.method, path: req.path, requestId }, 'unhandled error'))
  res.status(answer.status)
  if (answer.headers) res.set(answer.headers)
  res.type('application/json; charset=utf-8').send(JSON.stringify(answer.body))
}
