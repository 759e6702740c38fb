import { jsonTextOf, withJsonText } from '../../engine/pipeline/json-text.js'
import { readsTheClock } from './campaign-filters.js'
import type { CampaignListPage, ListCampaignsQuery } from './campaign-list.js'
import type { Campaign } from './campaign-types.js'

export interface TextPage {
  page: CampaignListPage
  text: string
}

interface Entry extends TextPage {
  version: number
  builtAt: number
}

/**
 * Campaign list pages with their JSON text, by query, until the listed state changes: a page is a
 * function of the query, the campaigns (added, deleted, restored) and their statuses, which change
 * only when a generation finishes. The store calls `changed()` at each of those; a frontend polling
 * the same list then costs a lookup (bench: list-10k). The key is the whole query (filters, expand,
 * access_settings included); filters that compare with the clock (`status`, `active`, `$more_than`,
 * `$less_than`) are never kept, nor is anything built while the clock stands before an entry's time.
 */
export class PageCache {
  readonly #pages = new Map<string, Entry>()
  // The queries asked once lately: a page is kept when its query comes back within `capacity` other
  // misses, i.e. when keeping it would have paid. A run of distinct queries (a crawler, a table paged
  // through) then keeps nothing: freezing, tagging and holding each such page (it reaches the old heap)
  // was half the cost of a list miss (bench list-miss, 10,000 campaigns: 30 → 16 µs in the store).
  readonly #seen = new Set<string>()
  #version = 0

  constructor(private readonly capacity = 200) {}

  changed(): void {
    this.#version++
    // clear() gives a Map a new table even when empty: `--seed-campaigns 10000` changes the campaigns 10,000 times
    if (this.#pages.size > 0) this.#pages.clear()
    if (this.#seen.size > 0) this.#seen.clear()
  }

  get(query: ListCampaignsQuery, now: number, build: () => CampaignListPage): TextPage {
    const key = keyOf(query)
    const hit = key === undefined ? undefined : this.#pages.get(key)
    if (hit && hit.version === this.#version && now >= hit.builtAt) return hit
    const page = build()
    const text = pageText(page)
    if (key === undefined || this.capacity === 0 || this.#firstAsk(key)) return { page, text }
    // kept pages are shared between answers: frozen, so none can be changed under the text
    const entry: Entry = { page: withJsonText(page, text), text, version: this.#version, builtAt: now }
    if (this.#pages.size >= this.capacity) this.#pages.clear()
    this.#pages.set(key, entry)
    return entry
  }

  #firstAsk(key: string): boolean {
    if (this.#seen.has(key)) return false
    if (this.#seen.size >= this.capacity) this.#seen.clear()
    this.#seen.add(key)
    return true
  }
}

/**
 * List views with their JSON text, per campaign and `expand` slot: valid while the campaign's status and voucher
 * count stay as they were; an update (the only other change to a listed campaign) drops them.
 */
export class ListViewCache {
  readonly #views = new WeakMap<object, ({ status: string; count: number; view: Campaign } | undefined)[]>()

  get(campaign: object, slot: number, status: string, count: number, build: () => Campaign): Campaign {
    let slots = this.#views.get(campaign)
    if (!slots) this.#views.set(campaign, (slots = []))
    const cached = slots[slot]
    if (cached && cached.status === status && cached.count === count) return cached.view
    const view = build()
    slots[slot] = { status, count, view }
    return view
  }

  delete(campaign: object): void {
    this.#views.delete(campaign)
  }
}

/** The whole query as text, or undefined when its answer moves with the clock. */
function keyOf(query: ListCampaignsQuery): string | undefined {
  if (query.filters !== undefined && readsTheClock(query.filters)) return undefined
  return JSON.stringify(query)
}

/** JSON.stringify(page), with each listed view's kept text spliced in (the views are ~900 bytes each). */
export function pageText(page: CampaignListPage): string {
  const texts = new Array<string>(page.campaigns.length)
  for (let i = 0; i < page.campaigns.length; i++) texts[i] = jsonTextOf(page.campaigns[i]) ?? JSON.stringify(page.campaigns[i])
  return '{"object":"list","data_ref":"campaigns","campaigns":[' + texts.join(',') + '],"total":' + page.total + '}'
}
