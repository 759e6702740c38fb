import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockDeps } from '../deps.js'
import { applyCors } from './cors.js'
import { localsOf, pathOf } from './locals.js'
import { createRequestIdAssigner, requestIdOf } from './request-id.js'

export const CONTROL_PREFIX = '/_mock'

/** Served next to the API for people and tools (mock/ui/site-router.ts): the home page and the spec. */
const SITE_PATHS = new Set(['/', '/openapi.json', '/openapi.yaml'])

/** Not an operation of the spec: the control API and the site's pages, which the Express app serves. */
export const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`) || SITE_PATHS.has(path)

export type RequestLogger = (req: IncomingMessage, res: ServerResponse) => void

/**
 * What every request goes through first: its request id, CORS (a preflight is answered here, and
 * true returned), the request log, and the start of its journal entry (calls of the spec's
 * operations, not of the control API). A request passes once: the served listener hands control
 * calls on to Express, whose first middleware is this door again.
 */
export function frontDoor(deps: MockDeps, logRequest?: RequestLogger): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assignId = createRequestIdAssigner()
  const corsOrigins = new Set(deps.config.corsOrigins)
  return (req, res) => {
    const locals = localsOf(res)
    if (locals.requestId !== undefined) return false
    assignId(req, res)
    if (applyCors(req, res, corsOrigins)) return true
    logRequest?.(req, res)
    if (!isControlPath(pathOf(req, res))) locals.journalAt = deps.clock.now()
    return false
  }
}

/**
 * Records a request in the journal once its answer is written (called where answers are written,
 * rather than from a 'finish' listener on every response: that listener was 2% of a list request).
 */
export function journalAnswer(deps: MockDeps, req: IncomingMessage, res: ServerResponse): void {
  const locals = localsOf(res)
  const at = locals.journalAt
  if (at === undefined) return
  locals.journalAt = undefined
  deps.journal.record({
    atMs: at,
    requestId: requestIdOf(res),
    method: req.method ?? 'GET',
    path: pathOf(req, res),
    status: res.statusCode,
    operationId: locals.operationId,
  })
}
