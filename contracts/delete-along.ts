import type { Check } from './check.js'
import type { CheckCost } from './check-costs.js'
import type { Cleanup } from './cleanup.js'
import type { HttpClient } from './http-client.js'

/** What deleting the run's campaigns changes (see SharedResource). */
const DELETION_CHANGES: readonly string[] = ['campaign-list', 'run-campaigns', '*']

/** A check that reads the campaign list or the run's campaigns, or anything, or declares nothing (it runs alone): a deletion changes what it sees. */
const readsCampaigns = (cost: CheckCost): boolean => !cost.shares || (cost.shares.reads ?? []).some((r) => DELETION_CHANGES.includes(r))

export interface DeleteAlong {
  /** Called as each check ends (passed, failed or not run). */
  finished(check: Check): void
  /** Resolves once the deletions asked for so far are answered (before the cleanup at the end). */
  done(): Promise<void>
}

/**
 * Deletes the run's campaigns along the run instead of all at its end: once no check that reads the campaign
 * list is left (the scheduler runs those early, see contracts/suite.ts), the campaigns of each finished check
 * are deleted while the others still run, so the cleanup at the end has only the last checks' campaigns to
 * delete, and one look for all. `client` (the cleanup's, the requests kept back for it): undefined deletes
 * nothing along the run (one check at a time, or --read-only).
 */
export function deleteAlong(planned: readonly Check[], costs: ReadonlyMap<Check, CheckCost>, cleanup: Cleanup, client: HttpClient | undefined): DeleteAlong {
  let readersLeft = planned.filter((check) => readsCampaigns(costs.get(check)!)).length
  let asked: Promise<void> = Promise.resolve()
  return {
    finished(check) {
      cleanup.finished(check.id)
      if (!client) return
      if (readsCampaigns(costs.get(check)!)) readersLeft--
      // One batch at a time: each takes every campaign of the checks finished by the time it starts.
      if (readersLeft === 0) asked = asked.then(() => cleanup.deleteFinished(client))
    },
    done: () => asked,
  }
}
