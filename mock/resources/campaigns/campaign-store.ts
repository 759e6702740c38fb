import type { Clock } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { withJsonText } from '../../engine/pipeline/json-text.js'
import { ListViewCache, PageCache, type TextPage } from './page-cache.js'
import type { VoucherStore } from '../vouchers/voucher-store.js'
import type { BuildContext, CategoryLookup } from './campaign-builder.js'
import { buildCampaign } from './campaign-builder.js'
import { CampaignIndex } from './campaign-index.js'
import { listCampaigns } from './campaign-list.js'
import type { CampaignListPage, ListCampaignsQuery, ListExpand } from './campaign-list.js'
import type { Campaign, CampaignFixture, CampaignInput, CampaignStatus, PendingDeletion, PromotionTier, StoredCampaign, StoredTier } from './campaign-types.js'
import { CampaignRemovals } from './campaign-removals.js'
import { GeneratingCampaigns } from './generating-campaigns.js'
import { duplicateName, stillGenerating } from './campaign-errors.js'
import { buildCampaignView, buildTierView } from './campaign-view.js'
import { planUpdate, type CampaignUpdate } from './campaign-update.js'

export interface CampaignStoreDeps {
  clock: Clock
  ids: IdSource
  /** Read on every create: the control API may change the rate while the mock runs. */
  config: { generationRate: number; maxVouchersCount: number; caches?: boolean }
  categories: CategoryLookup
  vouchers: VoucherStore
}

/**
 * The campaigns of one project. Voucher campaigns are generating until
 * created + ceil(N / rate * 1000) ms (rate in force at creation): the status is derived from the
 * clock on every read, nothing runs in the background.
 */
export class CampaignStore {
  readonly #byId = new Map<string, StoredCampaign>()
  readonly #byName = new Map<string, StoredCampaign>()
  readonly #tiers = new Map<string, { tier: StoredTier; campaign: StoredCampaign }>()
  readonly #index = new CampaignIndex()
  /** Campaigns that may still be generating; pruned as the clock passes them. */
  readonly #generating = new GeneratingCampaigns()
  #seq = 0
  readonly #listViews = new ListViewCache()
  readonly #pages: PageCache
  readonly #removals = new CampaignRemovals()

  // made once, not per create (`--seed-campaigns 10000` creates in a burst)
  readonly #newId = (): string => this.deps.ids.next('camp')
  readonly #checkSpace: BuildContext['checkSpace'] = (config, count) => this.deps.vouchers.checkSpace(config, count)

  constructor(private readonly deps: CampaignStoreDeps) {
    this.#pages = new PageCache(deps.config.caches === false ? 0 : undefined)
  }

  /** createCampaign. Checks and insert happen in one synchronous step, so racing creates of one name get one 200. */
  create(input: CampaignInput): Campaign {
    const campaign = this.createRecord(input)
    // The answer shows the campaign as it was created (API description: IN_PROGRESS with vouchers_count 0
    // for voucher campaigns), not as the clock finds it a moment later: on a loaded machine the system clock
    // can pass a small campaign's readyAt before the answer is built.
    const status: CampaignStatus = campaign.voucher ? 'IN_PROGRESS' : 'DONE'
    return buildCampaignView(campaign, { status, vouchersCount: 0, withCategories: true, full: true })
  }

  /**
   * createCampaign without building its answer (`--seed-campaigns` makes thousands): the stored record.
   * `owned`: the input is given away (BuildContext.owned), its objects are kept instead of copied.
   */
  createRecord(input: CampaignInput, { owned = false }: { owned?: boolean } = {}): Readonly<StoredCampaign> {
    this.#settle()
    if (typeof input.name === 'string') this.#refuseDuplicate(input.name)
    const now = this.deps.clock.now()
    const draft = buildCampaign(input, {
      newId: this.#newId,
      checkSpace: this.#checkSpace,
      now,
      ids: this.deps.ids,
      categories: this.deps.categories,
      maxVouchersCount: this.deps.config.maxVouchersCount,
      owned,
    })
    const generationMs = draft.voucher ? Math.max(1, Math.ceil((draft.vouchersCount / this.deps.config.generationRate) * 1000)) : 0
    // Completes the draft in place, field by field: a `{ ...draft }` copy, once V8's spread cache is megamorphic,
    // gives every campaign its own hidden class, and Object.assign can turn it into a dictionary (10,000 seeded
    // campaigns: 7 to 13 MB more, and slower reads).
    draft.seq = ++this.#seq
    draft.readyAt = now + generationMs
    const campaign = this.#insert(draft)
    if (campaign.voucher) this.deps.vouchers.register(campaign)
    return campaign
  }

  /** Loads a fixture campaign as given (fixed id, name, timestamps); it is DONE at once. */
  import(fixture: CampaignFixture): { id: string; name: string } {
    this.#refuseDuplicate(fixture.name)
    if (this.#byId.has(fixture.id)) throw new ApiError('DUPLICATE_FOUND', `campaign ${fixture.id} already exists`, { resourceId: fixture.id, resourceType: 'campaign' })
    const createdAt = Date.parse(fixture.created_at)
    const draft = buildCampaign(fixture, {
      newId: () => fixture.id,
      checkSpace: (config, count) => (fixture.vouchers ? undefined : this.deps.vouchers.checkSpace(config, count)),
      now: createdAt,
      ids: this.deps.ids,
      categories: this.deps.categories,
      maxVouchersCount: this.deps.config.maxVouchersCount,
      vouchersCount: fixture.vouchers?.length,
    })
    const updatedAt = fixture.updated_at ? Date.parse(fixture.updated_at) : null
    // DONE at once, even when the fixture's created_at is ahead of the clock
    const campaign = draft
    campaign.seq = ++this.#seq
    campaign.readyAt = Math.min(createdAt, this.deps.clock.now())
    campaign.updatedAt = updatedAt
    if (campaign.voucher) this.deps.vouchers.register(campaign, fixture.vouchers)
    this.#insert(campaign)
    return { id: campaign.id, name: campaign.name }
  }

  /** getCampaign by id or name; 404 while generating (the real service: not readable until generated). */
  get(idOrName: string): Campaign {
    return this.#view(this.#readable(idOrName), true)
  }

  /** updateCampaign: refused while generating (as getCampaign); list pages and views built before it are dropped. */
  update(idOrName: string, input: CampaignUpdate): Campaign {
    const campaign = this.#readable(idOrName)
    const apply = planUpdate(campaign, input, this.deps.categories)
    this.#index.reorder(campaign, () => apply(this.deps.clock.now()))
    this.#listViews.delete(campaign)
    this.#pages.changed()
    return this.#view(campaign, true)
  }

  /** Any campaign, generating or not, for other stores (checkout, exports, referrals); no 404. */
  find(idOrName: string): Campaign | undefined {
    const campaign = this.#lookup(idOrName)
    return campaign && this.#view(campaign, true)
  }

  /** The stored record (read-only use), e.g. to resolve a name to an id. */
  lookup(idOrName: string): Readonly<StoredCampaign> | undefined {
    return this.#lookup(idOrName)
  }

  status(campaign: StoredCampaign): CampaignStatus {
    return this.deps.clock.now() >= campaign.readyAt ? 'DONE' : 'IN_PROGRESS'
  }

  /**
   * deleteCampaign accepted: `plan` starts the async action and says when the campaign goes. Until then it
   * reads as before; from then on its vouchers are not found. Not while generating (404 + Retry-After, as
   * for reads); a deletion already pending is returned as it is.
   */
  scheduleDeletion(idOrName: string, plan: (campaign: Readonly<StoredCampaign>) => PendingDeletion): PendingDeletion {
    const campaign = this.#readable(idOrName)
    if (campaign.deletion) return campaign.deletion
    const deletion = plan(campaign)
    this.#removals.schedule(campaign, deletion)
    this.deps.vouchers.hideFrom(campaign.id, deletion.at)
    return deletion
  }

  /** listCampaigns with the page's JSON text; the same query gets the same (frozen) page until the campaigns change. */
  listWithText(query: ListCampaignsQuery = {}): TextPage {
    this.#prune()
    return this.#pages.get(query, this.deps.clock.now(), () => this.list(query))
  }

  list(query: ListCampaignsQuery = {}): CampaignListPage {
    this.#prune()
    return listCampaigns(query, {
      index: this.#index,
      generating: this.#generating,
      byName: this.#byName,
      now: () => this.deps.clock.now(),
      status: (c) => this.status(c),
      view: (c, expand) => this.#listView(c, expand),
    })
  }

  /** A promotion tier (`promo_` id) with its parent campaign, for checkout. */
  findTier(tierId: string): { tier: PromotionTier; campaign: Campaign } | undefined {
    this.#settle()
    const found = this.#tiers.get(tierId)
    return found && { tier: buildTierView(found.tier, found.campaign), campaign: this.#view(found.campaign, false) }
  }

  /** Adds a redemption to a tier's summary (amounts in hundredths). */
  recordTierRedemption(tierId: string, order: { amount: number; discount: number }): void {
    this.#settle()
    const tier = this.#tiers.get(tierId)?.tier
    if (!tier) throw notFound('promotion_tier', tierId)
    tier.summary.redeemed++
    tier.summary.orderAmount += order.amount
    tier.summary.discountAmount += order.discount
  }

  get size(): number {
    this.#settle()
    return this.#byId.size
  }

  /** When the last campaign still generating is done (`POST /_mock/jobs/finish` advances to it). */
  pendingUntil(): number | undefined {
    this.#prune()
    return this.#generating.latest()
  }

  /** Every campaign, oldest first, for `GET /_mock/state`. */
  all(): Campaign[] {
    this.#settle()
    return this.#index.ordered('created_at').map((c) => this.#view(c, true))
  }

  #refuseDuplicate(name: string): void {
    if (this.#byName.has(name) || this.#removals.binned(name)) throw duplicateName(name, !this.#byName.has(name))
  }

  #insert(campaign: StoredCampaign): StoredCampaign {
    this.#pages.changed()
    this.#byId.set(campaign.id, campaign)
    this.#byName.set(campaign.name, campaign)
    for (const tier of campaign.tiers ?? []) this.#tiers.set(tier.id, { tier, campaign })
    this.#index.add(campaign)
    this.#generating.track(campaign, this.deps.clock.now())
    return campaign
  }

  #lookup(idOrName: string): StoredCampaign | undefined {
    this.#settle()
    return this.#byId.get(idOrName) ?? this.#byName.get(idOrName)
  }

  #readable(idOrName: string): StoredCampaign {
    const campaign = this.#lookup(idOrName)
    if (!campaign) throw notFound('campaign', idOrName)
    const waitMs = campaign.readyAt - this.deps.clock.now()
    if (waitMs > 0) throw stillGenerating(campaign.id, waitMs)
    return campaign
  }

  #prune(): void {
    this.#settle()
    if (this.#generating.prune(this.deps.clock.now())) this.#pages.changed()
  }

  /** Carries out the deletions the clock has reached: the campaign, its tiers and (with force) its vouchers, name and codes go. */
  #settle(): void {
    for (const campaign of this.#removals.due(this.deps.clock.now())) {
      this.#pages.changed()
      this.#byId.delete(campaign.id)
      this.#byName.delete(campaign.name)
      this.#generating.delete(campaign)
      for (const tier of campaign.tiers ?? []) this.#tiers.delete(tier.id)
      this.#index.remove(campaign)
      if (campaign.deletion!.force) this.deps.vouchers.remove(campaign.id)
      else this.#removals.bin(campaign)
    }
  }

  #listView(campaign: StoredCampaign, expand: ListExpand): Campaign {
    const status = this.status(campaign)
    const vouchersCount = status === 'DONE' && campaign.voucher ? this.deps.vouchers.visibleCount(campaign.id) : 0
    const build = (): Campaign =>
      withJsonText(buildCampaignView(campaign, { status, vouchersCount, withCategories: expand.categories, withAccess: expand.access, full: false }))
    if (this.deps.config.caches === false) return build()
    return this.#listViews.get(campaign, (expand.categories ? 1 : 0) + (expand.access ? 2 : 0), status, vouchersCount, build)
  }

  #view(campaign: StoredCampaign, full: boolean, withCategories = full): Campaign {
    const status = this.status(campaign)
    const vouchersCount = status === 'DONE' && campaign.voucher ? this.deps.vouchers.visibleCount(campaign.id) : 0
    return buildCampaignView(campaign, { status, vouchersCount, withCategories, full })
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): CampaignSnapshot {
    this.#settle()
    return { seq: this.#seq, campaigns: [...this.#byId.values()].map((c) => structuredClone(c)), bin: this.#removals.snapshot() }
  }

  /** Replaces every campaign (their vouchers are restored by the VoucherStore). */
  restore(snapshot: CampaignSnapshot): void {
    this.#pages.changed()
    for (const campaign of this.#byId.values()) this.#index.remove(campaign)
    this.#byId.clear()
    this.#byName.clear()
    this.#tiers.clear()
    this.#generating.clear()
    this.#seq = snapshot.seq
    this.#removals.restore(snapshot.bin)
    for (const saved of snapshot.campaigns) {
      const campaign = this.#insert(structuredClone(saved))
      if (campaign.deletion) this.#removals.schedule(campaign, campaign.deletion)
    }
  }
}

interface CampaignSnapshot {
  seq: number
  campaigns: StoredCampaign[]
  /** Deleted without force: gone from reads, names still taken. */
  bin?: StoredCampaign[]
}
