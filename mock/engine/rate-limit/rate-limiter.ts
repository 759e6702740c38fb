import type { Clock } from '../../../src/clock.js'
import type { RateLimitPlan } from './plans.js'

/** One answer's view of its key's window: what the X-Rate-Limit-* headers say. */
export interface RateVerdict {
  allowed: boolean
  limit: number
  remaining: number
  /** Epoch ms when the window ends and the count starts again. */
  resetAt: number
}

interface Window {
  endsAt: number
  used: number
}

// Past this many keys, ended windows are dropped (clients cannot grow the map without bound).
const SWEEP_AT = 10_000

/**
 * Fixed windows per key on the injected clock: a key's first request opens a window of the plan's length;
 * within it, requests past the limit are refused (not counted) until it ends. One per mock instance.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>()

  constructor(private readonly clock: Clock) {}

  take(key: string, plan: RateLimitPlan): RateVerdict {
    const now = this.clock.now()
    let window = this.#windows.get(key)
    if (!window || now >= window.endsAt) {
      if (!window && this.#windows.size >= SWEEP_AT) this.#sweep(now)
      window = { endsAt: now + plan.windowMs, used: 0 }
      this.#windows.set(key, window)
    }
    const allowed = window.used < plan.limit
    if (allowed) window.used++
    return { allowed, limit: plan.limit, remaining: plan.limit - window.used, resetAt: window.endsAt }
  }

  clear(): void {
    this.#windows.clear()
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (now >= window.endsAt) this.#windows.delete(key)
  }
}

/** What a mock started with a rate limit holds (MockDeps.rateLimits); absent: no limits, no headers. */
export interface RateLimits {
  plan: RateLimitPlan
  limiter: RateLimiter
}
