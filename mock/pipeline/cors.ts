import type { IncomingMessage, ServerResponse } from 'node:http'

const EXPOSED = 'X-Request-Id, Retry-After, Allow, X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Retry'
const METHODS = 'GET, POST, PUT, DELETE'

/**
 * CORS for frontend developers who call the mock straight from a browser app on another origin.
 * The app keys travel in custom headers, so every such call is preflighted; the mock answers the
 * preflight itself instead of letting it fall through to a 405. Returns true when it answered.
 * An allowed origin is echoed with `Access-Control-Allow-Credentials: true`, so `fetch` with
 * `credentials: 'include'` works (a credentialed answer may not use `*`). `allowed` empty or
 * undefined: every origin (`--cors-origin` narrows it); an origin not allowed gets no CORS header,
 * and the browser refuses the answer.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed?: ReadonlySet<string>): boolean {
  const origin = req.headers.origin
  if (!origin) return false
  res.setHeader('Vary', 'Origin')
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method']
  if (allowed && allowed.size > 0 && !allowed.has(origin)) {
    if (!preflight) return false
    res.statusCode = 204
    res.end()
    return true
  }
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED)
  if (!preflight) return false
  res.setHeader('Access-Control-Allow-Methods', METHODS)
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*')
  res.setHeader('Access-Control-Max-Age', '600')
  res.statusCode = 204
  res.end()
  return true
}
