import type { IncomingMessage, ServerResponse } from 'node:http'

const EXPOSED = 'X-Request-Id, Retry-After, Allow'
const METHODS = 'GET, POST, PUT, DELETE'

/**
 * CORS for frontend developers who call the mock straight from a browser app on another origin.
 * The app keys travel in custom headers, so every such call is preflighted; the mock answers the
 * preflight itself instead of letting it fall through to a 405. Returns true when it answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin
  if (!origin) return false
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED)
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method']
  if (!preflight) return false
  res.setHeader('Access-Control-Allow-Methods', METHODS)
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*')
  res.setHeader('Access-Control-Max-Age', '600')
  res.statusCode = 204
  res.end()
  return true
}
