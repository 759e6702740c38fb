import type { PendingDeletion, StoredCampaign } from './campaign-types.js'

/**
 * Deletions accepted but not yet due, and the bin. A deletion is due when the clock reaches its
 * time; the store asks `due(now)` before every read, so nothing runs in the background. Binned
 * campaigns (deleted without `force`) are no longer readable, but their names stay taken.
 */
const NONE_DUE: readonly StoredCampaign[] = Object.freeze([])

export class CampaignRemovals {
  readonly #pending = new Set<StoredCampaign>()
  /** No pending deletion is due before this: `due()` is a comparison until then. */
  #nextAt = Infinity
  readonly #bin = new Map<string, StoredCampaign>()

  schedule(campaign: StoredCampaign, deletion: PendingDeletion): void {
    campaign.deletion = deletion
    this.#pending.add(campaign)
    this.#nextAt = Math.min(this.#nextAt, deletion.at)
  }

  /** The campaigns whose deletion is due at `now` (each returned once), oldest deletion first. */
  due(now: number): readonly StoredCampaign[] {
    // the store asks before every create and read: nothing due is one shared empty list, not a new one each time
    if (now < this.#nextAt) return NONE_DUE
    const due: StoredCampaign[] = []
    let next = Infinity
    for (const campaign of this.#pending) {
      const at = campaign.deletion!.at
      if (at <= now) due.push(campaign)
      else if (at < next) next = at
    }
    for (const campaign of due) this.#pending.delete(campaign)
    this.#nextAt = next
    return due.sort((a, b) => a.deletion!.at - b.deletion!.at)
  }

  bin(campaign: StoredCampaign): void {
    this.#bin.set(campaign.name, campaign)
  }

  /** A campaign in the bin holds this name. */
  binned(name: string): StoredCampaign | undefined {
    return this.#bin.get(name)
  }

  get binSize(): number {
    return this.#bin.size
  }

  /** The bin for the state file (pending deletions travel on their campaigns). */
  snapshot(): StoredCampaign[] {
    return [...this.#bin.values()].map((c) => structuredClone(c))
  }

  /** Empties both; pending deletions come back through `schedule` as the store re-inserts their campaigns. */
  restore(bin: StoredCampaign[] = []): void {
    this.#pending.clear()
    this.#nextAt = Infinity
    this.#bin.clear()
    for (const campaign of bin) this.#bin.set(campaign.name, structuredClone(campaign))
  }
}
