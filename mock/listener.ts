import type { RequestListener } from 'node:http'
import { nodeHandler } from './adapters/node-http.js'
import type { MockAppOptions } from './app.js'
import type { MockDeps } from './deps.js'
import { createMockCore } from './pipeline/core.js'

/**
 * What the mock's own server listens with (`promokit mock`, createMockServer): the core straight
 * from node:http, without Express's per-request setup and router (a third of a request's CPU). The
 * site's pages (home page, spec, console) are Express routes, loaded on the first of them: loading
 * Express was a quarter of start-up. Answers are the same as the app's (mock/entry-points.test.ts). Never listens.
 */
export function createMockListener(deps: MockDeps, options: MockAppOptions = {}): RequestListener {
  const core = createMockCore(deps, { ...options, site: true, guardControl: true })
  let site: Promise<RequestListener> | undefined
  const handle = nodeHandler(core)
  const passOn: RequestListener = (req, res) => {
    // the request's body stays unread (and buffered) until the site app reads it
    site ??= import('./app.js').then(({ createSiteApp }) => createSiteApp(deps))
    site.then(
      (handle) => handle(req, res),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'the site app failed to load')
        res.destroy()
      },
    )
  }
  return (req, res) => handle(req, res, () => passOn(req, res))
}
