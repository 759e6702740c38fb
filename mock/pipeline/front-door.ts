import type { NextFunction, Request, Response } from 'express'
import type { MockDeps } from '../deps.js'
import { applyCors } from './cors.js'
import { createRequestIdAssigner, requestIdOf } from './request-id.js'

export const CONTROL_PREFIX = '/_mock'

const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)

/**
 * What every request goes through first: its request id, CORS (a preflight is answered here), and
 * the start of its journal entry (calls of the spec's operations, not of the control API). One
 * middleware instead of three: each Express layer a request passes costs router bookkeeping.
 */
export function frontDoor(deps: MockDeps): (req: Request, res: Response, next: NextFunction) => void {
  const assignId = createRequestIdAssigner()
  return (req, res, next) => {
    assignId(req, res)
    if (applyCors(req, res)) return
    if (!isControlPath(req.path)) res.locals.journalAt = deps.clock.now()
    next()
  }
}

/**
 * Records a request in the journal once its answer is written (called where answers are written,
 * rather than from a 'finish' listener on every response: that listener was 2% of a list request).
 */
export function journalAnswer(deps: MockDeps, req: Request, res: Response): void {
  const at = res.locals.journalAt as number | undefined
  if (at === undefined) return
  res.locals.journalAt = undefined
  deps.journal.record({
    atMs: at,
    requestId: requestIdOf(res),
    method: req.method,
    path: req.path,
    status: res.statusCode,
    operationId: res.locals.operationId as string | undefined,
  })
}
