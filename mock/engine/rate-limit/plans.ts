const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** How many requests one key may make per window. */
export interface RateLimitPlan {
  limit: number
  windowMs: number
  /** For the start banner and error details, e.g. `100 requests per hour (free plan)`. */
  label: string
}

/** `--rate-limit` values: a plan of the real service's "Limits" page, or a number per hour or minute. */
export type RateLimitSetting = 'free' | 'startup' | 'growth' | 'professional' | 'business' | 'organization' | `${number}/h` | `${number}/min`

// The real service's API requests per plan (vendor "Limits" page; business and organization are its newer plans).
const PLANS: Record<string, Omit<RateLimitPlan, 'label'>> = {
  free: { limit: 100, windowMs: HOUR },
  startup: { limit: 1_000, windowMs: HOUR },
  growth: { limit: 2_000, windowMs: HOUR },
  professional: { limit: 5_000, windowMs: HOUR },
  business: { limit: 100, windowMs: MINUTE },
  organization: { limit: 2_000, windowMs: MINUTE },
}

/** The real service's client-side limit (`/client/v1`): 5 requests per 5 seconds per address. */
export const CLIENT_SIDE_PLAN: RateLimitPlan = { limit: 5, windowMs: 5_000, label: '5 per 5 s per address' }

export const RATE_LIMIT_FORMS = `${Object.keys(PLANS).join(', ')}, N/h or N/min (N a whole number from 1)`

/** Parses a `--rate-limit` value; throws an Error naming the accepted forms. */
export function parseRateLimit(value: string): RateLimitPlan {
  const text = value.trim().toLowerCase()
  if (Object.hasOwn(PLANS, text)) return { ...PLANS[text], label: `${describe(PLANS[text])} (${text} plan)` }
  const match = /^([1-9]\d{0,8})\s*\/\s*(h|min)$/.exec(text)
  if (!match) throw new Error(`expected ${RATE_LIMIT_FORMS}, got "${value}"`)
  const plan = { limit: Number(match[1]), windowMs: match[2] === 'h' ? HOUR : MINUTE }
  return { ...plan, label: describe(plan) }
}

function describe({ limit, windowMs }: { limit: number; windowMs: number }): string {
  return `${limit} request${limit === 1 ? '' : 's'} per ${windowMs === HOUR ? 'hour' : 'minute'}`
}
