import type { MockDeps } from '../deps.js'

/** Back to the state at start: fixtures re-applied, sandboxes gone; tokens, faults, latency, rate and journal restored. */
export async function resetMock(deps: MockDeps): Promise<void> {
  await deps.projects.reset()
  deps.sandboxes.clear()
  deps.tokens.clear()
  deps.faults.clear()
  deps.latency.reset(deps.baseline.latencyMs)
  deps.config.generationRate = deps.baseline.generationRate
  deps.journal.clear()
}
