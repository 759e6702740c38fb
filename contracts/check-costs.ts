import type { Check, SharedUse } from './check.js'

/** A check's cost, value and shared resources: what the check declares beside its run, else the defaults below. */
export interface CheckCost {
  requests: number
  value: number
  /** Undefined: nothing declared, so the check runs alone. */
  shares?: SharedUse
}

const READS_ANYTHING: SharedUse = { reads: ['*'] }

/** Requests sent outside the checks: the start-up probe of both credential sets, discovery (listing on a deployment), the sweep and the look after the deletions. */
export const RUN_OVERHEAD = { preflight: 2, discovery: 8, sweep: 2 }

export function costOf(check: Check): CheckCost {
  // Undeclared: a read-only check may read anything (it waits for every writer); a writing one runs alone.
  const [requests, shares]: [number, SharedUse | undefined] = check.readOnly ? [1, READS_ANYTHING] : [4, undefined]
  return { requests: check.requests ?? requests, value: check.value ?? 1, shares: check.shares ?? shares }
}

/** Whether two checks may not run at the same time (see SharedUse); `reads: ['*']` conflicts with every check that changes something. */
export function conflicts(a: CheckCost, b: CheckCost): boolean {
  if (!a.shares || !b.shares) return true
  return touches(a.shares, b.shares) || touches(b.shares, a.shares)
}

/** Whether `x` reads what `y` changes. Asked for every pair of a run's checks (20,000 for 200): no allocation. */
function touches(x: SharedUse, y: SharedUse): boolean {
  const changes = y.changes
  if (!x.reads || !changes || changes.length === 0) return false
  for (const read of x.reads) if (read === '*' || changes.includes(read)) return true
  return false
}
