import { toHex } from '../../src/hex.js'
import type { MockConfig } from '../engine/config.js'
import { ApiError } from '../engine/errors.js'
import { headerOf, type CoreRequest } from '../engine/pipeline/core-request.js'
import { mediaType } from '../engine/pipeline/read-body.js'
import { hostAllowList, isLoopbackHost } from './control-hosts.js'

/** The header a control request carries the control token in (or `Authorization: Bearer <token>`). */
export const CONTROL_TOKEN_HEADER = 'X-Promokit-Control-Token'

const EXPOSED = 'X-Request-Id, Retry-After, Allow'
const METHODS = 'GET, POST, PUT, DELETE'
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD'])

/** What the guard says about one request to the control plane (`/_mock/...`, the console included). */
export type GuardVerdict = { refused: ApiError } | { preflight: true } | undefined

export interface ControlGuard {
  /** Checks the request and adds the control plane's CORS headers (for a `--control-origin` only) to `out`. */
  check(request: CoreRequest, path: string, search: string, out: Record<string, string>): GuardVerdict
}

/**
 * The control plane's protection against web pages and DNS rebinding, as Vite (CVE-2025-24010) and
 * webpack-dev-server fixed it in their dev servers (docs/mock-server.md, "Security"):
 * - Host allow-list: loopback names, IP addresses, the bound host, `--allowed-host`; anything else 403.
 * - Same origin by default: no CORS headers for other origins; a request a browser marks as coming from
 *   another origin (`Origin`, `Referer`) or site (`Sec-Fetch-Site`) is a 403, unless its origin is a
 *   `--control-origin`. A link followed from another site may still open a page (a navigation).
 * - A request that changes the mock (any method but GET, HEAD, OPTIONS) and is "simple" (no JSON
 *   content type and no X- header: what a form or a `no-cors` fetch can send without a preflight) is a
 *   403 from any client, browser or not (see isSimple).
 * - With a control token (given, or generated when bound to anything but loopback), every request
 *   needs it; the console page may take it as `?token=` and hands it to its own calls.
 */
export function createControlGuard(config: MockConfig): ControlGuard {
  const hostAllowed = hostAllowList(config.host, config.allowedHosts)
  const origins = new Set(config.controlOrigins)
  const token = ensureControlToken(config)
  return {
    check(request, path, search, out) {
      const host = headerOf(request, 'host')
      if (!hostAllowed(host)) {
        return refuse(`Host "${host}" is not allowed on the control plane (DNS rebinding protection): start the mock with --allowed-host ${hostNameOf(host)} to allow it`)
      }
      if (isConsolePage(path)) {
        // no page of another site may lay the console under its own and have the user click its buttons
        out['X-Frame-Options'] = 'DENY'
        out['Content-Security-Policy'] = "frame-ancestors 'none'"
      }
      const origin = headerOf(request, 'origin')
      if (origin !== undefined) out.Vary = 'Origin'
      const listed = origin !== undefined && origins.has(origin)
      const foreign = foreignSource(request, origin, host)
      if (foreign && !listed && !isNavigation(request)) {
        return refuse(`${foreign} may not use the control plane (same origin only; --control-origin lists other origins that may)`)
      }
      if (listed) addCors(request, out)
      if (request.method === 'OPTIONS' && listed && headerOf(request, 'access-control-request-method')) return { preflight: true }
      if (!READS.has(request.method) && request.method !== 'OPTIONS' && isSimple(request)) return refuse(simpleRefusal(request.method))
      if (token !== undefined && !isAsset(path) && !hasToken(request, path, search, token)) {
        return { refused: new ApiError('UNAUTHORIZED', `The control plane needs the control token (${CONTROL_TOKEN_HEADER} header; ?token= for the console page), printed by promokit mock at start`) }
      }
      return undefined
    },
  }
}

/** The control token of a config: the given one; one generated (and kept in the config) when bound beyond loopback; else none. */
export function ensureControlToken(config: MockConfig): string | undefined {
  if (config.controlToken === undefined && !isLoopbackHost(config.host)) {
    config.controlToken = toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)))
  }
  return config.controlToken
}

const refuse = (details: string): GuardVerdict => ({ refused: new ApiError('FORBIDDEN', details) })

const hostNameOf = (host: string | undefined): string => (host ?? '').replace(/:\d+$/, '')

/** Who the browser says sent the request, when it is another origin or site; undefined for the mock's own pages and non-browsers. */
function foreignSource(request: CoreRequest, origin: string | undefined, host: string | undefined): string | undefined {
  if (origin !== undefined) return sameOrigin(origin, host) ? undefined : `Origin ${origin}`
  const site = headerOf(request, 'sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return `A ${site} request`
  const referer = headerOf(request, 'referer')
  if (referer !== undefined && URL.canParse(referer) && !sameOrigin(new URL(referer).origin, host)) return `Referer ${new URL(referer).origin}`
  return undefined
}

// The scheme is left out: behind a TLS proxy the page is https and the mock sees plain http.
const sameOrigin = (origin: string, host: string | undefined): boolean =>
  host !== undefined && URL.canParse(origin) && new URL(origin).host === host.trim().toLowerCase()

/** A top-level navigation (a link followed, a URL typed): its answer goes to the user's tab, not to a page's script. */
// Not a frame: another site could lay the console under its own page and have the user click its buttons.
const isNavigation = (request: CoreRequest): boolean =>
  READS.has(request.method) && headerOf(request, 'sec-fetch-mode') === 'navigate' && (headerOf(request, 'sec-fetch-dest') ?? 'document') === 'document'

/**
 * What a browser sends without a preflight: no JSON content type, no custom (X-) header and no
 * `Authorization: Bearer` (the control token's other form). It is refused
 * from every client, not only from one that looks like a browser: the headers that show a browser
 * (`Origin`, `Sec-Fetch-Site`) are missing from older browsers and plugins and are dropped by some proxies,
 * so "no browser headers" proves nothing. PUT, DELETE and PATCH are refused the same way although browsers
 * preflight them (no form or `no-cors` fetch can send them): one rule for every call that changes the mock
 * is one thing to learn, a script that works for one method works for all, and nothing rests on every
 * browser enforcing the preflight.
 */
function isSimple(request: CoreRequest): boolean {
  const type = mediaType(headerOf(request, 'content-type'))
  if (type === 'application/json' || type?.endsWith('+json')) return false
  for (const name in request.headers) if (isCustomHeader(name.toLowerCase())) return false
  // A browser sends an Authorization of its own (Basic, Negotiate) but never a Bearer: only a script can, after a preflight.
  return bearer(headerOf(request, 'authorization')) === undefined
}

// Headers a proxy adds on its own say nothing about what the client could send.
const PROXY_HEADERS = ['x-forwarded-', 'x-real-ip']
const isCustomHeader = (name: string): boolean => name.startsWith('x-') && !PROXY_HEADERS.some((prefix) => name.startsWith(prefix))

const simpleRefusal = (method: string): string =>
  `A ${method} to the control plane must send Content-Type: application/json (with a JSON body or none) or an X- header such as ${CONTROL_TOKEN_HEADER} or X-Requested-With, ` +
  `e.g. curl -X ${method} -H 'Content-Type: application/json' ...; a form or a no-cors page cannot send either, so it may not change the mock`

const isAsset = (path: string): boolean => path.startsWith('/_mock/ui/assets/')
const isConsolePage = (path: string): boolean => path === '/_mock/ui' || path === '/_mock/ui/'

function hasToken(request: CoreRequest, path: string, search: string, token: string): boolean {
  const sent = headerOf(request, CONTROL_TOKEN_HEADER.toLowerCase()) ?? bearer(headerOf(request, 'authorization')) ?? pageToken(request, path, search)
  return sent !== undefined && sameText(sent, token)
}

const bearer = (header: string | undefined): string | undefined => (header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined)

/** The console page (a navigation, which cannot send headers) takes the token in its URL. */
function pageToken(request: CoreRequest, path: string, search: string): string | undefined {
  if (!READS.has(request.method) || !isConsolePage(path)) return undefined
  return new URLSearchParams(search).get('token') ?? undefined
}

/** Compares without stopping at the first difference (the time taken says nothing about the token). */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < b.length; i++) diff |= (a.charCodeAt(i) || 0) ^ b.charCodeAt(i)
  return diff === 0
}

function addCors(request: CoreRequest, out: Record<string, string>): void {
  out['Access-Control-Allow-Origin'] = headerOf(request, 'origin') as string
  out['Access-Control-Allow-Credentials'] = 'true'
  out['Access-Control-Expose-Headers'] = EXPOSED
  if (request.method !== 'OPTIONS') return
  out['Access-Control-Allow-Methods'] = METHODS
  out['Access-Control-Allow-Headers'] = headerOf(request, 'access-control-request-headers') ?? `Content-Type, ${CONTROL_TOKEN_HEADER}`
  out['Access-Control-Max-Age'] = '600'
}
