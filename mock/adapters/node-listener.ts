import type { RequestListener } from 'node:http'
import { nodeHandler } from './node-http.js'
import type { MockAppOptions } from './express-app.js'
import { createMock, isMock, type Mock } from '../create-mock.js'
import type { MockDeps } from '../engine/mock-deps.js'

/**
 * What the mock's own server listens with (`promokit mock`, createMockServer): the core straight
 * from node:http, without Express's per-request setup and router (a third of a request's CPU). The
 * site's pages (home page, spec, console) are Express routes, loaded on the first of them: loading
 * Express was a quarter of start-up. Answers are the same as the app's (mock/adapters/entry-points.test.ts). Never listens.
 * Given a Mock (createMock with `site: true`), it serves that mock; given deps, a mock of its own over them.
 */
export function createMockListener(source: MockDeps | Mock, options: MockAppOptions = {}): RequestListener {
  const mock = isMock(source) ? source : createMock(source, { ...options, site: true })
  const { deps } = mock
  let site: Promise<RequestListener> | undefined
  const handle = nodeHandler(mock)
  const passOn: RequestListener = (req, res) => {
    // the request's body stays unread (and buffered) until the site app reads it
    site ??= import('./express-app.js').then(({ createSiteApp }) => createSiteApp(deps))
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
