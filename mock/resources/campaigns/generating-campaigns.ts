import type { StoredCampaign } from './campaign-types.js'

/**
 * The campaigns that may still be generating, pruned as the clock passes them. Every list prunes:
 * scanning all pending campaigns each time made a list cost grow with the number of jobs pending
 * (bench: 4x slower at 10,000 campaigns half generating), so it scans only once one is due.
 */
export class GeneratingCampaigns extends Set<StoredCampaign> {
  /** No campaign here is ready before this, so `prune` has nothing to do until then. */
  #nextReadyAt = Infinity

  track(campaign: StoredCampaign, now: number): void {
    if (campaign.readyAt <= now) return
    this.add(campaign)
    this.#nextReadyAt = Math.min(this.#nextReadyAt, campaign.readyAt)
  }

  /** Drops the campaigns done at `now`; true when any was (the listed statuses changed). */
  prune(now: number): boolean {
    if (now < this.#nextReadyAt) return false
    let next = Infinity
    let changed = false
    for (const campaign of this) {
      if (campaign.readyAt <= now) {
        this.delete(campaign)
        changed = true
      } else if (campaign.readyAt < next) next = campaign.readyAt
    }
    this.#nextReadyAt = next
    return changed
  }

  /** When the last one is done; undefined when none is pending. */
  latest(): number | undefined {
    let latest: number | undefined
    for (const campaign of this) if (latest === undefined || campaign.readyAt > latest) latest = campaign.readyAt
    return latest
  }
}
