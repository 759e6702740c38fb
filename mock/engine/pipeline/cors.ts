import { headerOf, type CoreRequest } from './core-request.js'

const EXPOSED = 'X-Request-Id, Retry-After, Allow, X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Retry'
const METHODS = 'GET, POST, PUT, DELETE'

/**
 * CORS for frontend developers who call the mock straight from a browser app on another origin.
 * The app keys travel in custom headers, so every such call is preflighted; the mock answers the
 * preflight itself instead of letting it fall through to a 405. Adds its headers to `out` and
 * returns true when the request is a preflight (answered 204 with them).
 * An allowed origin is echoed with `Access-Control-Allow-Credentials: true`, so `fetch` with
 * `credentials: 'include'` works (a credentialed answer may not use `*`). `allowed` empty or
 * undefined: every origin (`--cors-origin` narrows it); an origin not allowed gets no CORS header,
 * and the browser refuses the answer.
 */
export function applyCors(request: CoreRequest, out: Record<string, string>, allowed?: ReadonlySet<string>): boolean {
  const origin = headerOf(request, 'origin')
  if (!origin) return false
  out.Vary = 'Origin'
  const preflight = request.method === 'OPTIONS' && !!headerOf(request, 'access-control-request-method')
  if (allowed && allowed.size > 0 && !allowed.has(origin)) return preflight
  out['Access-Control-Allow-Origin'] = origin
  out['Access-Control-Allow-Credentials'] = 'true'
  out['Access-Control-Expose-Headers'] = EXPOSED
  if (!preflight) return false
  out['Access-Control-Allow-Methods'] = METHODS
  out['Access-Control-Allow-Headers'] = headerOf(request, 'access-control-request-headers') ?? '*'
  out['Access-Control-Max-Age'] = '600'
  return true
}
