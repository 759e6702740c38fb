import type { Check } from './check.js'
import { costOf, RUN_OVERHEAD } from './check-costs.js'

/** Requests a run of these checks will send, by the checks' own estimates plus the run's overhead. */
export function plannedRequests(checks: readonly Check[]): number {
  return overhead() + checks.reduce((sum, c) => sum + costOf(c).requests, 0)
}

const overhead = (): number => RUN_OVERHEAD.preflight + RUN_OVERHEAD.discovery + RUN_OVERHEAD.sweep

/** Weight of an operation not yet covered: covering every operation comes before any second check of one. */
const NEW_OPERATION = 100

export interface BudgetPlan {
  checks: Check[]
  requests: number
  /** Checks left out, for `--list`. */
  dropped: Check[]
}

/**
 * The most valuable checks that fit in `budget` requests (greedy on value per request, with each
 * operation not yet covered worth far more than anything else), kept in run order. Not "stop half-way":
 * what does not fit is left out before the run, so every check that starts can finish.
 */
export function fitBudget(checks: readonly Check[], budget: number): BudgetPlan {
  const chosen = new Set<Check>()
  const covered = new Set<string>()
  let left = budget - overhead()
  for (;;) {
    let best: { check: Check; score: number } | undefined
    for (const check of checks) {
      const { requests, value } = costOf(check)
      if (chosen.has(check) || requests > left) continue
      const fresh = new Set(check.operationIds.filter((op) => !covered.has(op))).size
      const score = (fresh * NEW_OPERATION + value) / Math.max(requests, 1)
      if (!best || score > best.score) best = { check, score }
    }
    if (!best) break
    chosen.add(best.check)
    best.check.operationIds.forEach((op) => covered.add(op))
    left -= costOf(best.check).requests
  }
  const kept = checks.filter((c) => chosen.has(c))
  return { checks: kept, requests: plannedRequests(kept), dropped: checks.filter((c) => !chosen.has(c)) }
}
