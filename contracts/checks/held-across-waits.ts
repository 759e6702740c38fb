import type { CheckContext } from '../check.js'

/** A thing with a life on the target's clock that a check holds across requests (an OAuth token, a session lock). */
export interface Held {
  /** ms the run waited for the target's rate limit since the thing was taken. */
  waitedMs(): number
  /** Whether those waits may have outlived it: an answer that its lapse also explains proves nothing then. */
  mayHaveLapsed(): boolean
  /** Skips the check: `question` (what the answer should have told) cannot be told after such a wait. */
  cannotTell(question: string): never
}

/**
 * Starts counting the run's rate-limit waits for `what` (named with its life: "the 10 s lock"), which lives
 * `lifeMs` on the target's clock. A wait of
 * the run passes that time on any target (a window of the real service lasts up to an hour, a token 900 s) and
 * moves the mock's clock. Other moves of the clock while it is held (other checks' polls) are not counted: a wait
 * of half its life is taken as long enough to have outlived it. `since`: the count when it was asked for
 * (`ctx.rateLimitWaitedMs()`), when its life is known only from the answer.
 */
export function hold(ctx: CheckContext, what: string, lifeMs: number, since = ctx.rateLimitWaitedMs()): Held {
  const waitedMs = (): number => ctx.rateLimitWaitedMs() - since
  return {
    waitedMs,
    mayHaveLapsed: () => waitedMs() > 0 && waitedMs() >= lifeMs / 2,
    cannotTell: (question) => ctx.skip(`the run waited ${Math.round(waitedMs() / 1000)} s for the target's rate limit while ${what} was held: ${question} cannot be told`),
  }
}
