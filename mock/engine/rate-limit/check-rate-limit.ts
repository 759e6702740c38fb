import type { MockDeps } from '../mock-deps.js'
import { ApiError } from '../errors.js'
import type { RequestInFlight } from '../pipeline/core-request.js'
import type { AuthContext } from '../handler-io.js'
import { CLIENT_SIDE_PLAN, type RateLimitPlan } from './plans.js'
import type { RateLimits } from './rate-limiter.js'

/** Whose requests count together, and how an error names them (never with a secret). */
interface Counted {
  key: string
  who: string
  plan: RateLimitPlan
}

// Header values are the client's: long ones are cut so a key costs little memory.
const cut = (value: string): string => value.slice(0, 128)
const addressOf = (exchange: RequestInFlight): string => exchange.request.address ?? 'unknown'

/** The key a request that authenticated counts against: its application (a bearer token: the one that issued it), its management keys. */
function ofAuthenticated(auth: AuthContext, exchange: RequestInFlight, plan: RateLimitPlan): Counted {
  const id = cut(auth.clientId)
  // A token inherits its application key's limits (the real service: "the token inherits the permissions ... of the API key").
  if (auth.scheme === 'bearer') return { key: `app ${id}`, who: `X-App-Id ${id} (which issued the bearer token)`, plan }
  if (auth.scheme === 'appKeys' && auth.projectId !== undefined) return { key: `app ${id}`, who: `X-App-Id ${id}`, plan }
  if (auth.scheme === 'managementKeys') return { key: `management ${id}`, who: `X-Management-Id ${id}`, plan }
  // operations without keys (public, export downloads by token): the caller's address
  const address = addressOf(exchange)
  return { key: `address ${address}`, who: `address ${address} (no credentials)`, plan }
}

/** What the rate limits read: the limiter and plan (absent unless configured), and the clock for Retry-After. */
export type RateLimitDeps = Pick<MockDeps, 'clock' | 'rateLimits'>

/** Counts one request against its key and puts the X-Rate-Limit-* headers on the answer; the 429 when over. */
function count(deps: RateLimitDeps, limits: RateLimits, exchange: RequestInFlight, counted: Counted): ApiError | undefined {
  exchange.rateCounted = true
  const verdict = limits.limiter.take(counted.key, counted.plan)
  const retry = Math.ceil(verdict.resetAt / 1000)
  exchange.headers['X-Rate-Limit-Limit'] = String(verdict.limit)
  exchange.headers['X-Rate-Limit-Remaining'] = String(verdict.remaining)
  exchange.headers['X-Rate-Limit-Retry'] = String(retry)
  if (verdict.allowed) return undefined
  const waitSeconds = Math.max(1, retry - Math.floor(deps.clock.now() / 1000))
  return new ApiError(
    'LIMIT_EXCEEDED',
    `Rate limit of ${counted.plan.label} reached for ${counted.who}; the next request is allowed at ${new Date(retry * 1000).toISOString()} (X-Rate-Limit-Retry ${retry}, in ${waitSeconds} s)`,
    { headers: { 'Retry-After': String(waitSeconds) } },
  )
}

/**
 * Rate limits (opt-in: nothing happens unless the mock was started with one) at three points of the
 * request path, so every API answer carries the X-Rate-Limit-* headers and each request counts once:
 * - `/client/v1` on arrival, per address whatever the key (the real service's browser API limit);
 * - any other request once it has authenticated, against its key (`afterAuthentication`): a request with
 *   someone's X-App-Id and a wrong token never spends that application's quota;
 * - a request refused before it authenticated (401, unknown route, unreadable body) against its address,
 *   in its own window of the same plan (`onRefusal`): past it, such requests get 429 instead, and the
 *   keys' own requests from that address are still served.
 */
export const rateLimits = {
  onArrival(deps: RateLimitDeps, exchange: RequestInFlight): ApiError | undefined {
    const limits = deps.rateLimits
    if (!limits || !exchange.path.startsWith('/client/')) return undefined
    const address = addressOf(exchange)
    return count(deps, limits, exchange, { key: `client ${address}`, who: `address ${address} on /client/v1`, plan: CLIENT_SIDE_PLAN })
  },
  afterAuthentication(deps: RateLimitDeps, exchange: RequestInFlight, auth: AuthContext): void {
    const limits = deps.rateLimits
    if (!limits || exchange.rateCounted) return
    const over = count(deps, limits, exchange, ofAuthenticated(auth, exchange, limits.plan))
    if (over) throw over
  },
  /** The error to answer a request refused before it was counted: its own, or the 429 of its address. */
  onRefusal(deps: RateLimitDeps, exchange: RequestInFlight, error: unknown): unknown {
    const limits = deps.rateLimits
    if (!limits || exchange.rateCounted) return error
    const address = addressOf(exchange)
    const over = count(deps, limits, exchange, { key: `refused ${address}`, who: `address ${address} (requests refused before they authenticated)`, plan: limits.plan })
    return over ?? error
  },
}
