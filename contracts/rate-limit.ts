/** Wall time and waiting, injected so that tests drive them (no real sleeps) and the mock's clock can stand in. */
export interface RunClock {
  now(): number
  sleep(ms: number): Promise<void>
}

export const systemClock: RunClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** The target kept refusing for longer than the run may wait: the check is reported as not run, never as failed. */
export class RateLimited extends Error {
  constructor(readonly waitMs: number, readonly boundMs: number) {
    super(`the target rate-limited the run and asked to wait ${Math.ceil(waitMs / 1000)} s, more than --rate-limit-wait allows (${Math.ceil(boundMs / 1000)} s)`)
    this.name = 'RateLimited'
  }
}

export interface RateLimitState {
  /** Requests the target said were left in its window (X-Rate-Limit-Remaining) in its latest answer. */
  remaining?: number
  limit?: number
  /** Epoch ms of the next allowed request when the window is used up. */
  retryAt?: number
  /** Total ms waited for the target's limits during the run. */
  waitedMs: number
  /** 429 answers received (each retried, never reported as a failure). */
  refusals: number
}

const DEFAULT_RETRY_MS = 1_000
const MAX_ATTEMPTS = 6

/**
 * One per run, shared by every concurrent check: reads `X-Rate-Limit-*` from each answer, holds requests
 * back when the window is used up (the real service blocks a key that goes over, so the suite never does),
 * and waits out a 429 (`Retry-After`, else `X-Rate-Limit-Retry`, a unix time) as long as one wait stays
 * within `maxWaitMs`.
 */
export class RateLimitBackoff {
  readonly state: RateLimitState = { waitedMs: 0, refusals: 0 }
  #inFlight = 0

  constructor(private readonly options: { maxWaitMs: number; clock: RunClock }) {}

  /** Runs `send` once the window allows it, retrying after a 429; resolves with the first other answer. */
  async run<T extends { status: number; headers: Record<string, string> }>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await this.#waitForWindow()
      let res: T
      try {
        res = await send()
      } finally {
        this.#inFlight--
      }
      this.#observe(res.headers)
      if (res.status !== 429 || attempt >= MAX_ATTEMPTS) return res
      this.state.refusals++
      const waitMs = retryDelay(res.headers, this.options.clock.now(), attempt)
      await this.#wait(waitMs)
    }
  }

  /** Resolves once a request may go, counted as on its way (synchronously, so concurrent callers see it). */
  async #waitForWindow(): Promise<void> {
    for (;;) {
      const { remaining, retryAt } = this.state
      // Requests already on their way count against the window too (concurrent checks).
      if (remaining === undefined || remaining - this.#inFlight > 0 || retryAt === undefined) {
        this.#inFlight++
        return
      }
      const waitMs = retryAt - this.options.clock.now()
      if (waitMs > 0) await this.#wait(waitMs)
      // The window has turned: the next answer tells its new size. Others waiting for it go too.
      if (this.state.retryAt === retryAt) this.state.remaining = this.state.retryAt = undefined
    }
  }

  /** The wait under way: until when (on the run's clock, as it read when the wait began) and its end. */
  #sleeping: { until: number; done: Promise<void> } | undefined

  /**
   * Waits `ms`. Side by side, waits overlap: one ending no later than the wait under way ends with it, a longer
   * one sleeps only the rest, so time passes once for all, as on a real target. On the mock a sleep moves the
   * clock: summed, concurrent waits would move it as many times over (and age tokens and locks as fast).
   */
  async #wait(ms: number): Promise<void> {
    if (ms > this.options.maxWaitMs) throw new RateLimited(ms, this.options.maxWaitMs)
    const until = this.options.clock.now() + ms
    const current = this.#sleeping
    if (current) {
      await current.done
      if (until > current.until) await this.#wait(until - current.until)
      return
    }
    const done = this.options.clock.sleep(ms)
    const sleeping = { until, done }
    this.#sleeping = sleeping
    this.state.waitedMs += ms
    try {
      await done
    } finally {
      if (this.#sleeping === sleeping) this.#sleeping = undefined
    }
  }

  #observe(headers: Record<string, string>): void {
    const remaining = intHeader(headers['x-rate-limit-remaining'])
    const limit = intHeader(headers['x-rate-limit-limit'])
    const retry = unixTime(headers['x-rate-limit-retry'])
    if (limit !== undefined) this.state.limit = limit
    if (remaining !== undefined) this.state.remaining = remaining
    if (retry !== undefined) this.state.retryAt = retry
  }
}

/** How long a 429 asks to wait: Retry-After (seconds or an HTTP date), else X-Rate-Limit-Retry, else a backoff. */
export function retryDelay(headers: Record<string, string>, now: number, attempt: number): number {
  const after = headers['retry-after']?.trim()
  if (after && /^\d+(\.\d+)?$/.test(after)) return Math.ceil(Number(after) * 1000)
  if (after && !Number.isNaN(Date.parse(after))) return Math.max(0, Date.parse(after) - now)
  const retryAt = unixTime(headers['x-rate-limit-retry'])
  if (retryAt !== undefined) return Math.max(0, retryAt - now)
  return DEFAULT_RETRY_MS * 2 ** (attempt - 1)
}

function intHeader(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined
  return Number(value)
}

/** A unix time in seconds (as documented) or, tolerated, in milliseconds. */
function unixTime(value: string | undefined): number | undefined {
  const n = intHeader(value)
  if (n === undefined) return undefined
  return n > 1e12 ? n : n * 1000
}
