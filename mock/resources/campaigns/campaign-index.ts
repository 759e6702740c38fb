import type { CampaignType, StoredCampaign } from './campaign-types.js'

export type OrderKey = 'created_at' | 'updated_at' | 'name'

type Compare = (a: StoredCampaign, b: StoredCampaign) => number

const bySeq: Compare = (a, b) => a.seq - b.seq
const updatedKey = (c: StoredCampaign): number => c.updatedAt ?? c.createdAt

export const COMPARE: Record<OrderKey, Compare> = {
  created_at: (a, b) => a.createdAt - b.createdAt || bySeq(a, b),
  updated_at: (a, b) => updatedKey(a) - updatedKey(b) || bySeq(a, b),
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : bySeq(a, b)),
}

/**
 * Campaigns kept in every listable order (ascending), plus created order per campaign type, so a
 * list request walks an array from either end and never sorts the whole set. Appends in order (the
 * usual case: the clock moves forward) are O(1); out-of-order inserts and removals are batched and
 * merged in one linear pass at the next read.
 */
export class CampaignIndex {
  readonly #orders: Record<OrderKey, SortedList> = {
    created_at: new SortedList(COMPARE.created_at),
    updated_at: new SortedList(COMPARE.updated_at),
    name: new SortedList(COMPARE.name),
  }
  readonly #byType = new Map<CampaignType, SortedList>()

  get size(): number {
    return this.#orders.created_at.length
  }

  ordered(key: OrderKey): readonly StoredCampaign[] {
    return this.#orders[key].items()
  }

  /** Created order restricted to one campaign type. */
  ofType(type: CampaignType): readonly StoredCampaign[] {
    return this.#byType.get(type)?.items() ?? []
  }

  add(campaign: StoredCampaign): void {
    // named, not Object.values(): no array per campaign added (`--seed-campaigns 10000` adds them in a burst)
    this.#orders.created_at.add(campaign)
    this.#orders.updated_at.add(campaign)
    this.#orders.name.add(campaign)
    let typed = this.#byType.get(campaign.campaign_type)
    if (!typed) this.#byType.set(campaign.campaign_type, (typed = new SortedList(COMPARE.created_at)))
    typed.add(campaign)
  }

  /** Runs `change` (which may move the campaign's `updated_at`) with the campaign out of the updated_at order. */
  reorder(campaign: StoredCampaign, change: () => void): void {
    const list = this.#orders.updated_at
    list.remove(campaign)
    // merged before the key moves: the merge needs every kept item where its key says
    list.items()
    change()
    list.add(campaign)
  }

  remove(campaign: StoredCampaign): void {
    for (const list of Object.values(this.#orders)) list.remove(campaign)
    this.#byType.get(campaign.campaign_type)?.remove(campaign)
  }
}

class SortedList {
  #sorted: StoredCampaign[] = []
  #tail: StoredCampaign[] = []
  readonly #removed = new Set<StoredCampaign>()

  constructor(private readonly compare: Compare) {}

  get length(): number {
    return this.#sorted.length + this.#tail.length - this.#removed.size
  }

  add(item: StoredCampaign): void {
    const last = this.#sorted[this.#sorted.length - 1]
    if (this.#tail.length === 0 && (last === undefined || this.compare(last, item) < 0)) this.#sorted.push(item)
    else this.#tail.push(item)
  }

  remove(item: StoredCampaign): void {
    const inTail = this.#tail.indexOf(item)
    if (inTail >= 0) this.#tail.splice(inTail, 1)
    else this.#removed.add(item)
  }

  items(): readonly StoredCampaign[] {
    if (this.#tail.length > 0 || this.#removed.size > 0) this.#merge()
    return this.#sorted
  }

  #merge(): void {
    const tail = this.#tail.sort(this.compare)
    const sorted = this.#sorted
    const out: StoredCampaign[] = new Array(this.length)
    let i = 0
    let j = 0
    let k = 0
    while (i < sorted.length || j < tail.length) {
      const takeSorted = j >= tail.length || (i < sorted.length && this.compare(sorted[i], tail[j]) < 0)
      const item = takeSorted ? sorted[i++] : tail[j++]
      if (!this.#removed.has(item)) out[k++] = item
    }
    out.length = k
    this.#sorted = out
    this.#tail = []
    this.#removed.clear()
  }
}
