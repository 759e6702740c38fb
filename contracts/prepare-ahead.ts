import type { Check } from './check.js'
import { conflicts, type CheckCost } from './check-costs.js'

const settle = (): void => undefined

/**
 * Starts the `prepare` of the checks that have one (what a check creates before it checks anything: a campaign
 * of its own, generated, and its codes) all at once as the run starts side by side (`--concurrency` above 1),
 * instead of each at the start of its check. Each preparing check then takes its slot once its own is done,
 * and a check that would see the preparations (it reads what they change: the campaign list, the mock's clock)
 * once they all are; the rest run meanwhile. A check that declares nothing it shares, needs or uses discovered
 * ids, or cannot run without keys the run lacks prepares in its turn. Returns what each check waits for before
 * it takes a slot (the same promise each time; it never rejects: a failed preparation fails its check). What a
 * check prepared ahead declares its preparation alone changes (SharedUse.preparing) leaves its cost in `costs`: its
 * turn changes it no more, so checks reading it (e.g. the clock a lock lives on) may run beside that turn.
 */
export function prepareAhead(
  checks: readonly Check[], costs: Map<Check, CheckCost>, eligible: (check: Check) => boolean, prepareOf: (check: Check) => Promise<unknown>,
): (check: Check) => Promise<void> | undefined {
  const ahead = checks.filter((check) => check.prepare && costs.get(check)!.shares && !check.needs?.length && !check.uses?.length && eligible(check))
  if (ahead.length === 0) return () => undefined
  const own = new Map(ahead.map((check) => [check, prepareOf(check).then(settle, settle)]))
  const all = Promise.all(own.values()).then(settle)
  // What the preparations change, together: a check that reads any of it waits for all of them.
  const together: CheckCost = { requests: 0, value: 0, shares: { changes: [...new Set(ahead.flatMap((check) => costs.get(check)!.shares!.changes ?? []))] } }
  for (const check of ahead) {
    const cost = costs.get(check)!
    const { preparing = [], ...shares } = cost.shares!
    if (preparing.length) costs.set(check, { ...cost, shares: { ...shares, changes: (shares.changes ?? []).filter((r) => !preparing.includes(r)) } })
  }
  return (check) => (conflicts(costs.get(check)!, together) ? all : own.get(check))
}
