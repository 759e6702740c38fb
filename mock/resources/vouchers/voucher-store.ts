import { notFound } from '../../engine/errors.js'
import type { CodeConfig } from './code-generator.js'
import { VoucherBatches, type VoucherStoreDeps } from './voucher-batches.js'
import type { VoucherAt } from './voucher-mutations.js'
import { adjustGiftBalance, adjustLoyaltyPoints, redeemVoucher, setVoucherHolder, undoRedemption } from './voucher-mutations.js'
import type { VoucherSnapshot } from './voucher-snapshot.js'
import type { Batch, ExplicitVoucher, VoucherCampaign, VoucherListPage, VoucherView } from './voucher-types.js'
import { listVoucherPage, type VoucherListQuery } from './voucher-listing.js'
import { buildVoucherView, slotFromVoucherId } from './voucher-view.js'

export { VoucherRuleError } from './voucher-state.js'
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
   * listVouchers, newest first unless `order` says otherwise (voucher-listing). `code` and `ids` are
   * looked up, not scanned for; an unknown one matches nothing.
   */
  list(query: VoucherListQuery & { code?: string; ids?: readonly string[] } = {}): VoucherListPage {
    let direct: VoucherAt[] | undefined
    const named = (ats: (VoucherAt | undefined)[]): Map<number, VoucherAt> =>
      new Map(ats.filter((at) => at !== undefined).map((at) => [at.batch.base + at.index, at]))
    if (query.code !== undefined || query.ids !== undefined) {
      const byCode = query.code === undefined ? undefined : named([this.#locate(query.code)])
      const byIds = query.ids === undefined ? undefined : named(query.ids.map((id) => this.#locateId(id)))
      // both given: a voucher must be named by each
      const found = byCode && byIds ? new Map([...byCode].filter(([slot]) => byIds.has(slot))) : (byCode ?? byIds)!
      direct = [...found.values()]
    }
    const batches = this.#batches
    const source = { batches: batches.all, visible: (b: Batch) => batches.visible(b), generate: (b: Batch) => batches.generate(b), now: this.#deps.clock.now() }
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

  #locate(codeOrId: string): VoucherAt | undefined {
    const byId = this.#locateId(codeOrId)
    if (byId) return byId
    // codes are unique in a project: a code already claimed needs no other campaign generated (checked
    // first, as scanning every generating campaign's pattern costs ms per lookup at 10,000 campaigns)
    let slot = this.#batches.codes.slotOfCode(codeOrId)
    if (slot <= 0) {
      // the code may belong to a campaign whose vouchers exist by now but were never read
      this.#batches.generateCouldHold(codeOrId)
      slot = this.#batches.codes.slotOfCode(codeOrId)
    }
    const batch = slot > 0 ? this.#batches.batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    return index < this.#batches.visible(batch) ? { batch, index } : undefined
  }

  #locateId(id: string): VoucherAt | undefined {
    const pinned = this.#batches.codes.pinnedSlot(id)
    const slot = pinned ?? slotFromVoucherId(id)
    const batch = slot > 0 ? this.#batches.batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    // a derived id does not name a voucher whose id was pinned by a fixture
    if (pinned === undefined && batch.state.get(index)?.id !== undefined) return undefined
    if (index >= this.#batches.visible(batch)) return undefined
    if (batch.codes === null) this.#batches.generate(batch)
    return index < batch.codes!.length ? { batch, index } : undefined
  }

  #require(codeOrId: string): VoucherAt {
    const at = this.#locate(codeOrId)
    if (!at) throw notFound('voucher', codeOrId)
    return at
  }
}
