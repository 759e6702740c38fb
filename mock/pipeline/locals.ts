import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseQuery } from './query-parser.js'

/**
 * What the pipeline keeps about one request. It lives under a symbol of the mock's own, not on
 * `res.locals`: a host app that mounts the mock (`host.use('/api', createMockApp(deps))`) may keep
 * its own `res.locals.path` or `requestId`, and the mock must neither read nor overwrite them.
 */
export interface RequestLocals {
  requestId?: string
  operationId?: string
  /** Clock ms when a request of the API (not the control API) arrived; cleared once journaled. */
  journalAt?: number
  path?: string
  search?: string
}

const LOCALS = Symbol('promokit.request')

type WithLocals = ServerResponse & { [LOCALS]?: RequestLocals }

/** The mock's state for this request, created on first use. */
export function localsOf(res: ServerResponse): RequestLocals {
  const holder = res as WithLocals
  return (holder[LOCALS] ??= Object.create(null) as RequestLocals)
}

/**
 * The path and query string of `req.url`, split once per request. Absolute-form targets
 * (`GET http://host/v1/campaigns`, which proxies send) are reduced to their path as Express does.
 */
export function splitUrl(res: ServerResponse, req: IncomingMessage): { path: string; search: string } {
  const locals = localsOf(res)
  if (locals.path === undefined) {
    const url = req.url ?? '/'
    if (url.charCodeAt(0) !== 0x2f) {
      const parsed = URL.canParse(url) ? new URL(url) : undefined
      locals.path = parsed?.pathname ?? url
      locals.search = parsed?.search.slice(1) ?? ''
    } else {
      const q = url.indexOf('?')
      locals.path = q < 0 ? url : url.slice(0, q)
      locals.search = q < 0 ? '' : url.slice(q + 1)
    }
  }
  return { path: locals.path, search: locals.search ?? '' }
}

export const pathOf = (req: IncomingMessage, res: ServerResponse): string => splitUrl(res, req).path
export const queryOf = (req: IncomingMessage, res: ServerResponse): Record<string, unknown> => parseQuery(splitUrl(res, req).search)

/** This server's base URL as the client reached it (the mock speaks plain HTTP). */
export const baseUrlOf = (req: IncomingMessage, fallbackHost: string): string => `http://${req.headers.host ?? fallbackHost}`
