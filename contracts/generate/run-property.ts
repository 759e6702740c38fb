import fc, { type Arbitrary } from 'fast-check'
import { BudgetExceeded } from '../http-client.js'
import { RateLimited } from '../rate-limit.js'

export interface PropertyFailure<T, O> {
  /** The smallest failing value fast-check shrank to, and what it showed. */
  value: T
  outcome: O
  shrinks: number
}

/** Shrinking sends requests too: at most this many attempts after the first failure (then the smallest so far is kept). */
export const MAX_SHRINK_REQUESTS = 40

/**
 * Runs `attempt` on generated values (fast-check, seeded) until one fails, then shrinks it. `attempt` answers
 * 'discard' (not a case after all), undefined (passed) or what went wrong. The run's request budget or the
 * target's rate limit ending a property is rethrown as is (the runner reports the check as not run), unless a
 * failure was found first.
 */
export async function runProperty<T, O>(arb: Arbitrary<T>, params: { seed: number; numRuns: number; maxShrinkAttempts?: number }, attempt: (value: T) => Promise<'discard' | O | undefined>): Promise<PropertyFailure<T, O> | undefined> {
  let last: { value: T; outcome: O } | undefined
  let stopped: unknown
  let afterFailure = 0
  const property = fc.asyncProperty(arb, async (value) => {
    if (stopped || (last && ++afterFailure > (params.maxShrinkAttempts ?? MAX_SHRINK_REQUESTS))) return true
    let outcome: 'discard' | O | undefined
    try {
      outcome = await attempt(value)
    } catch (error) {
      if (!(error instanceof BudgetExceeded || error instanceof RateLimited)) throw error
      stopped = error
      return true
    }
    fc.pre(outcome !== 'discard')
    if (outcome === undefined) return true
    last = { value, outcome: outcome as O }
    return false
  })
  const details = await fc.check(property, { seed: params.seed, numRuns: params.numRuns, maxSkipsPerRun: 20 })
  if (last) return { ...last, shrinks: details.numShrinks }
  if (stopped) throw stopped
  // An error of the attempt itself (not a failed case): the check crashed, and says so.
  if (details.failed && details.errorInstance && !/pre-?condition|skip/i.test(String((details.errorInstance as Error).message))) throw details.errorInstance
  return undefined
}
