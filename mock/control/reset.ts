import type { MockDeps } from '../engine/mock-deps.js'

/** Everything a reset puts back; the spec, validator, ids and request path are left alone. */
export type ResetDeps = Pick<MockDeps, 'baseline' | 'projects' | 'sandboxes' | 'tokens' | 'rateLimits' | 'faults' | 'latency' | 'config' | 'journal'>

/** Back to the state at start: clock, then fixtures re-applied, sandboxes gone; tokens, rate-limit counts, faults, latency, rate and journal restored. */
export async function resetMock(deps: ResetDeps): Promise<void> {
  // first, so the fixtures are applied at the time they were first applied (their relative dates line up again)
  deps.baseline.rewindClock()
  await deps.projects.reset()
  deps.sandboxes.clear()
  deps.tokens.clear()
  deps.rateLimits?.limiter.clear()
  deps.faults.clear()
  deps.latency.reset(deps.baseline.latencyMs)
  deps.config.generationRate = deps.baseline.generationRate
  deps.journal.clear()
}
