import { notFound } from '../../engine/errors.js'
import type { CodeConfig } from './code-generator.js'
import { VoucherBatches, type VoucherStoreDeps } from './voucher-batches.js'
import type { VoucherAt } from './voucher-mutations.js'
import { adjustGiftBalance, adjustLoyaltyPoints, redeemVoucher, setVoucherHolder, undoRedemption } from './voucher-mutations.js'
import type { VoucherSnapshot } from './voucher-snapshot.js'
import type { Batch, ExplicitVoucher, VoucherCampaign, VoucherListPage, VoucherView } from './voucher-types.js'
import { listVoucherPage, type VoucherListQuery } from './voucher-listing.js'
import { generateWith, listingSource } from './listing-source.js'
import { DEFAULT_PACE, finishNow, settle, type Job, type Pace, type RunJob } from './list-work.js'
import type { Scan } from './voucher-selection.js'
import { buildVoucherView, slotFromVoucherId } from './voucher-view.js'

export { VoucherRuleError } from './voucher-state.js'

type VoucherStoreListQuery = VoucherListQuery & { code?: string; ids?: readonly string[] }
export type { VoucherStoreDeps } from './voucher-batches.js'

/**
 * The vouchers of one project. Codes are unique project-wide. A campaign's codes are generated on
 * first need once the clock says some exist, from a PRNG seeded by config.seed and the campaign id,
 * so a run is reproducible (VoucherBatches). Vouchers are views built on read; only changed vouchers
 * carry state (voucher-mutations).
 */
export class VoucherStore {
  readonly #batches: VoucherBatches
  readonly #deps: VoucherStoreDeps
  /** How a list cuts its long work (listInSteps); tests make the steps small and the pauses theirs. */
  pace: Pace = DEFAULT_PACE

  constructor(deps: VoucherStoreDeps) {
    this.#deps = deps
    this.#batches = new VoucherBatches(deps)
  }

  /** Throws 400 unless the pattern's space holds `count` more codes besides those already promised to it. */
  checkSpace(config: CodeConfig, count: number): void {
    this.#batches.checkSpace(config, count)
  }

  /** Starts a campaign's vouchers; explicit vouchers (fixtures) are stored at once, all or nothing. */
  register(campaign: VoucherCampaign, explicit?: ExplicitVoucher[]): void {
    this.#batches.register(campaign, explicit)
  }

  /** Deletes a campaign's vouchers; their codes become free for new campaigns. */
  remove(campaignId: string): void {
    this.#batches.remove(campaignId)
  }

  /** The campaign's deletion completes at `at`: from then on its vouchers are neither found nor listed (their codes stay taken until `remove`). */
  hideFrom(campaignId: string, at: number): void {
    const batch = this.#batches.ofCampaign(campaignId)
    if (batch) batch.goneAt = at
  }

  /** How many of the campaign's vouchers exist now (grows with the clock while generating). */
  visibleCount(campaignId: string): number {
    const batch = this.#batches.ofCampaign(campaignId)
    return batch ? this.#batches.visible(batch) : 0
  }

  /** Materialises the campaign's codes if the clock says some exist. */
  ensureGenerated(campaignId: string): void {
    const batch = this.#batches.ofCampaign(campaignId)
    if (batch && batch.codes === null && this.#batches.visible(batch) > 0) this.#batches.generate(batch)
  }

  findByCodeOrId(codeOrId: string): VoucherView | undefined {
    const at = this.#locate(codeOrId)
    return at && buildVoucherView(at.batch, at.index)
  }

  get(codeOrId: string): VoucherView {
    const found = this.findByCodeOrId(codeOrId)
    if (!found) throw notFound('voucher', codeOrId)
    return found
  }

  /**
   * The same, with the codes a lookup may need made in steps between which other requests are answered
   * (an unknown code makes every due campaign whose pattern could hold it: millions of codes).
   */
  getInSteps(codeOrId: string): VoucherView | Promise<VoucherView> {
    return settle((run) => {
      const at = this.#locate(codeOrId, generateWith(this.#batches, run, this.pace.step))
      if (!at) throw notFound('voucher', codeOrId)
      return buildVoucherView(at.batch, at.index)
    }, this.pace)
  }

  /**
   * listVouchers, newest first unless `order` says otherwise (voucher-listing). `code` and `ids` are
   * looked up, not scanned for; an unknown one matches nothing. Long work is done at once.
   */
  list(query: VoucherStoreListQuery = {}): VoucherListPage {
    return this.#list(query, finishNow, new Map(), this.#deps.clock.now())
  }

  /**
   * The same, with long work (codes made, sorted, scanned) done in slices between which other requests
   * are answered (list-work): a promise then, else the page at once. The filters' `now` is the request's.
   */
  listInSteps(query: VoucherStoreListQuery = {}): VoucherListPage | Promise<VoucherListPage> {
    const scans = new Map<Batch, Job<Scan>>()
    const now = this.#deps.clock.now()
    return settle((run) => this.#list(query, run, scans, now), this.pace)
  }

  #list(query: VoucherStoreListQuery, run: RunJob, scans: Map<Batch, Job<Scan>>, now: number): VoucherListPage {
    const source = listingSource(this.#batches, run, scans, now, this.pace.step)
    let direct: VoucherAt[] | undefined
    const named = (ats: (VoucherAt | undefined)[]): Map<number, VoucherAt> =>
      new Map(ats.filter((at) => at !== undefined).map((at) => [at.batch.base + at.index, at]))
    if (query.code !== undefined || query.ids !== undefined) {
      const byCode = query.code === undefined ? undefined : named([this.#locate(query.code, source.generate)])
      const byIds = query.ids === undefined ? undefined : named(query.ids.map((id) => this.#locateId(id, source.generate)))
      // both given: a voucher must be named by each
      const found = byCode && byIds ? new Map([...byCode].filter(([slot]) => byIds.has(slot))) : (byCode ?? byIds)!
      direct = [...found.values()]
    }
    return listVoucherPage(query, source, direct)
  }

  redeem(codeOrId: string): VoucherView {
    return redeemVoucher(this.#require(codeOrId), codeOrId, this.#deps.clock)
  }

  adjustGiftBalance(codeOrId: string, delta: number): VoucherView {
    return adjustGiftBalance(this.#require(codeOrId), codeOrId, delta, this.#deps.clock)
  }

  adjustLoyaltyPoints(codeOrId: string, delta: number): VoucherView {
    return adjustLoyaltyPoints(this.#require(codeOrId), codeOrId, delta, this.#deps.clock)
  }

  /** A rollback: one use fewer, spent credits and points back on the card. */
  undoRedemption(codeOrId: string, spent: { credits?: number; points?: number }): VoucherView {
    return undoRedemption(this.#require(codeOrId), spent, this.#deps.clock)
  }

  setHolder(codeOrId: string, customerId: string): VoucherView {
    return setVoucherHolder(this.#require(codeOrId), customerId, this.#deps.clock)
  }

  /** Codes claimed across the project (generated or imported). */
  get codeCount(): number {
    return this.#batches.codes.size
  }

  snapshot(): VoucherSnapshot {
    return this.#batches.snapshot()
  }

  restore(snapshot: VoucherSnapshot): void {
    this.#batches.restore(snapshot)
  }

  /** `generate`: how codes are made when needed (a list makes them in steps). */
  #locate(codeOrId: string, generate = (batch: Batch) => this.#batches.generate(batch)): VoucherAt | undefined {
    const byId = this.#locateId(codeOrId, generate)
    if (byId) return byId
    // codes are unique in a project: a code already claimed needs no other campaign generated (checked
    // first, as scanning every generating campaign's pattern costs ms per lookup at 10,000 campaigns)
    let slot = this.#batches.codes.slotOfCode(codeOrId)
    if (slot <= 0) {
      // the code may belong to a campaign whose vouchers exist by now but were never read
      this.#batches.generateCouldHold(codeOrId, generate)
      slot = this.#batches.codes.slotOfCode(codeOrId)
    }
    const batch = slot > 0 ? this.#batches.batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    if (index >= this.#batches.visible(batch)) return undefined
    // found among the codes a list's generation has claimed so far: the rest are made now
    if (batch.codes === null) generate(batch)
    return { batch, index }
  }

  #locateId(id: string, generate = (batch: Batch) => this.#batches.generate(batch)): VoucherAt | undefined {
    const pinned = this.#batches.codes.pinnedSlot(id)
    const slot = pinned ?? slotFromVoucherId(id)
    const batch = slot > 0 ? this.#batches.batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    // a derived id does not name a voucher whose id was pinned by a fixture
    if (pinned === undefined && batch.state.get(index)?.id !== undefined) return undefined
    if (index >= this.#batches.visible(batch)) return undefined
    if (batch.codes === null) generate(batch)
    return index < batch.codes!.length ? { batch, index } : undefined
  }

  #require(codeOrId: string): VoucherAt {
    const at = this.#locate(codeOrId)
    if (!at) throw notFound('voucher', codeOrId)
    return at
  }
}
