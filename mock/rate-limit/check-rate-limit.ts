import type { MockDeps } from '../deps.js'
import { ApiError } from '../errors.js'
import { headerOf, type RequestInFlight } from '../pipeline/exchange.js'
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

function countedAs(deps: MockDeps, limits: RateLimits, exchange: RequestInFlight): Counted {
  const address = exchange.request.address ?? 'unknown'
  const first = (name: string) => headerOf(exchange.request, name) || undefined
  // The real service's browser API: 5 requests per 5 s per address, whatever the key.
  if (exchange.path.startsWith('/client/')) return { key: `client ${address}`, who: `address ${address} on /client/v1`, plan: CLIENT_SIDE_PLAN }
  const bearer = /^Bearer\s+(\S+)/i.exec(first('authorization') ?? '')?.[1]
  if (bearer) {
    // A token inherits its application key's limits (the real service: "the token inherits the permissions ... of the API key").
    const token = deps.tokens.find(bearer)
    if (token) return { key: `app ${token.clientId}`, who: `X-App-Id ${token.clientId} (which issued the bearer token)`, plan: limits.plan }
    return { key: `bearer ${cut(bearer)}`, who: 'this bearer token', plan: limits.plan }
  }
  const appId = first('x-app-id')
  if (appId) return { key: `app ${cut(appId)}`, who: `X-App-Id ${cut(appId)}`, plan: limits.plan }
  const managementId = first('x-management-id')
  if (managementId) return { key: `management ${cut(managementId)}`, who: `X-Management-Id ${cut(managementId)}`, plan: limits.plan }
  return { key: `address ${address}`, who: `address ${address} (no credentials)`, plan: limits.plan }
}

/**
 * The rate limit's one call site in the request path (mock/pipeline/core.ts), before the operation runs:
 * counts the request against its key, puts `X-Rate-Limit-Limit`, `-Remaining` and `-Retry` (unix seconds
 * when the window ends) on the answer, and returns the 429 to answer instead when the key is over its limit.
 * Does nothing unless the mock was started with a rate limit.
 */
export function checkRateLimit(deps: MockDeps, exchange: RequestInFlight): ApiError | undefined {
  const limits = deps.rateLimits
  if (!limits) return undefined
  const counted = countedAs(deps, limits, exchange)
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
