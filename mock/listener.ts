import type { RequestListener } from 'node:http'
import type { MockAppOptions } from './app.js'
import type { MockDeps } from './deps.js'
import { operationHandlers } from './handlers.js'
import { requestLoggerFor } from './logging.js'
import { createEntry, renderError } from './pipeline/entry.js'

/**
 * What the mock's own server listens with (`promokit mock`, createMockServer): the spec's operations
 * straight from node:http through the same entry createMockApp mounts first, without Express's
 * per-request setup and router (a third of a request's CPU). Control calls (`/_mock`) go to the
 * Express app, which is loaded on the first of them: loading Express was a quarter of start-up.
 * Answers are the same as the app's (mock/entry-points.test.ts). Never listens.
 */
export function createMockListener(deps: MockDeps, options: MockAppOptions = {}): RequestListener {
  const entry = createEntry(deps, { ...operationHandlers, ...options.handlers }, requestLoggerFor(deps))
  let app: Promise<RequestListener> | undefined
  const control: RequestListener = (req, res) => {
    // the request's body stays unread (and buffered) until the app reads it
    app ??= import('./app.js').then(({ createMockApp }) => createMockApp(deps, options))
    app.then(
      (handle) => handle(req, res),
      (error: unknown) => renderError(deps, req, res, error),
    )
  }
  return (req, res) => entry(req, res, () => control(req, res))
}
