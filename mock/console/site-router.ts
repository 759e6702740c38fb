import { Router, type Request } from 'express'
import type { MockDeps } from '../engine/mock-deps.js'
import { homePage } from './home-page.js'
import { createSpecTexts } from './spec-document.js'

/** A browser asks for HTML by name; API clients send JSON or `*\/*` and keep getting the API's 404. */
const wantsHtml = (req: Request): boolean => /(^|,)\s*text\/html\s*(;|,|$)/i.test(req.headers.accept ?? '')

/**
 * What the mock serves next to the API for people and tools: a home page at `/` for a browser, and
 * the spec at `/openapi.json` and `/openapi.yaml` (one document, for renderers and code generators).
 */
export function createSiteRouter(deps: Pick<MockDeps, 'config'>): Router {
  const router = Router()
  const specTexts = createSpecTexts()
  router.get('/', (req, res, next) => {
    if (!wantsHtml(req)) return next()
    res.type('html').send(homePage(deps, `${req.protocol}://${req.headers.host ?? deps.config.host}`))
  })
  router.get('/openapi.json', async (_req, res) => {
    res.type('json').send((await specTexts()).json)
  })
  router.get('/openapi.yaml', async (_req, res) => {
    res.type('application/yaml').send((await specTexts()).yaml)
  })
  return router
}
