import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import express, { Router } from 'express'
import { packageRoot } from '../../src/paths.js'
import { ApiError } from '../engine/errors.js'
import { consolePage, type ConsolePageDeps } from './console-page.js'
import { overview, type OverviewDeps } from './overview.js'

/**
 * swagger-ui-dist's folder: its bundle and stylesheet are served from the mock, never from a CDN. An optional
 * peer dependency (12 MB and a telemetry install script that MSW-only users need not get): undefined when absent.
 */
function swaggerUiDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  } catch {
    return undefined
  }
}

/**
 * `/_mock/ui`: the console page, what it polls (`/overview`; the journal is the control API's
 * `/_mock/requests`) and its assets. Everything the page loads comes from this server.
 */
export type ConsoleRouterDeps = ConsolePageDeps & OverviewDeps

export function createConsoleRouter(deps: ConsoleRouterDeps): Router {
  const router = Router()
  router.get('/', (_req, res) => {
    res.type('html').send(consolePage(deps))
  })
  router.get('/overview', (req, res) => {
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new ApiError('INVALID_QUERY_PARAMS', 'limit: must be an integer from 1 to 1000')
    res.json(overview(deps, limit))
  })
  const assets = { index: false, maxAge: '1h' }
  const swaggerUi = swaggerUiDir()
  if (swaggerUi) router.use('/assets/swagger-ui', express.static(swaggerUi, assets))
  else {
    router.use('/assets/swagger-ui', () => {
      throw new ApiError('NOT_FOUND', 'The console\'s API explorer needs swagger-ui-dist, an optional peer dependency: npm install swagger-ui-dist', { resourceType: 'package', resourceId: 'swagger-ui-dist' })
    })
  }
  router.use('/assets', express.static(join(packageRoot(), 'mock', 'console', 'public'), assets))
  return router
}
