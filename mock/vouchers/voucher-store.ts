import type { Clock } from '../../src/clock.js'
import { ApiError, notFound } from '../errors.js'
import type { CodeConfig } from './code-generator.js'
import { codeSignature, codeSpace, createCodeList, generateCodes, seededRandom } from './code-generator.js'
import { CodeIndex } from './code-index.js'
import { StringCodes, hashString } from './code-list.js'
import { VoucherRuleError, batchOfSlot, couldHold, explicitState } from './voucher-state.js'
import type { Batch, ExplicitVoucher, VoucherCampaign, VoucherListPage, VoucherState, VoucherView } from './voucher-types.js'
import { buildVoucherView, slotFromVoucherId } from './voucher-view.js'
import { loadBatch, saveBatch, type VoucherSnapshot } from './voucher-snapshot.js'

export { VoucherRuleError } from './voucher-state.js'

export interface VoucherStoreDeps {
  clock: Clock
  config: { seed: number }
}

/**
 * The vouchers of one project. Codes are unique project-wide (CodeIndex). A campaign's codes are
 * generated on first need once the clock says some exist, from a PRNG seeded by config.seed and the
 * campaign id, so a run is reproducible. Vouchers are views built on read; only changed vouchers
 * carry state.
 */
export class VoucherStore {
  readonly #byCampaign = new Map<string, Batch>()
  /** Sorted by `base` (slots only grow), so a slot's batch is a binary search away. */
  readonly #batches: Batch[] = []
  readonly #pending = new Set<Batch>()
  readonly #reserved = new Map<string, number>()
  readonly #pinnedIds = new Map<string, number>()
  readonly #index: CodeIndex
  #nextSlot = 1

  constructor(private readonly deps: VoucherStoreDeps) {
    this.#index = new CodeIndex({
      slotHasCode: (slot, code) => {
        const b = this.#batchOfSlot(slot)
        return b !== undefined && b.codes!.equalsAt(slot - b.base, code)
      },
      slotsEqual: (a, b) => this.#codeOfSlot(a) === this.#codeOfSlot(b),
    })
  }

  /** Throws 400 unless the pattern's space holds `count` more codes besides those already promised to it. */
  checkSpace(config: CodeConfig, count: number): void {
    const space = codeSpace(config)
    const taken = this.#reserved.get(codeSignature(config)) ?? 0
    if (space >= count + taken) return
    const size = `${new Set(config.charset).size} characters`
    const takenNote = taken > 0 ? ` (${taken} of them already used by other campaigns with this pattern)` : ''
    const details = `code_config.pattern '${config.pattern}' with charset of ${size} allows ${space} unique codes${takenNote}, fewer than vouchers_count ${count}`
    throw new ApiError('INVALID_CAMPAIGN', details, { message: 'Invalid Campaign: the code pattern cannot hold vouchers_count unique codes' })
  }

  /** Starts a campaign's vouchers; explicit vouchers (fixtures) are stored at once, all or nothing. */
  register(campaign: VoucherCampaign, explicit?: ExplicitVoucher[]): void {
    if (!campaign.voucher) throw new Error(`campaign ${campaign.id} has no voucher template`)
    const size = explicit ? explicit.length : campaign.vouchersCount
    const batch: Batch = {
      campaign,
      base: this.#nextSlot,
      size,
      codes: null,
      signature: codeSignature(campaign.voucher.code_config),
      explicit: explicit !== undefined,
      state: new Map(),
    }
    // in the slot table before any code is claimed: claims compare against codes found through it
    this.#batches.push(batch)
    if (explicit) {
      try {
        this.#storeExplicit(batch, explicit)
      } catch (error) {
        this.#batches.pop()
        throw error
      }
    } else this.#pending.add(batch)
    this.#nextSlot += size
    this.#byCampaign.set(campaign.id, batch)
    this.#reserved.set(batch.signature, (this.#reserved.get(batch.signature) ?? 0) + size)
  }

  /** Deletes a campaign's vouchers; their codes become free for new campaigns. */
  remove(campaignId: string): void {
    const batch = this.#byCampaign.get(campaignId)
    if (!batch) return
    const codes = batch.codes
    if (codes) for (let i = 0; i < codes.length; i++) this.#index.release(batch.base + i, codes.hashAt(i))
    for (const state of batch.state.values()) if (state.id) this.#pinnedIds.delete(state.id)
    this.#byCampaign.delete(campaignId)
    this.#pending.delete(batch)
    this.#batches.splice(this.#batches.indexOf(batch), 1)
    this.#reserved.set(batch.signature, (this.#reserved.get(batch.signature) ?? 0) - batch.size)
  }

  /** How many of the campaign's vouchers exist now (grows with the clock while generating). */
  visibleCount(campaignId: string): number {
    const batch = this.#byCampaign.get(campaignId)
    return batch ? this.#visible(batch) : 0
  }

  /** Materialises the campaign's codes if the clock says some exist. */
  ensureGenerated(campaignId: string): void {
    const batch = this.#byCampaign.get(campaignId)
    if (batch && batch.codes === null && this.#visible(batch) > 0) this.#generate(batch)
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

  /** listVouchers: one campaign's vouchers in generation order, or all, newest campaign first. */
  list(query: { campaignId?: string; limit?: number; page?: number } = {}): VoucherListPage {
    const limit = query.limit ?? 10
    let skip = ((query.page ?? 1) - 1) * limit
    const batches = query.campaignId !== undefined ? [this.#byCampaign.get(query.campaignId)].filter((b) => b !== undefined) : [...this.#batches].reverse()
    const vouchers: VoucherView[] = []
    let total = 0
    for (const batch of batches) {
      const visible = this.#visible(batch)
      total += visible
      if (vouchers.length >= limit || visible === 0) continue
      if (skip >= visible) {
        skip -= visible
        continue
      }
      if (batch.codes === null) this.#generate(batch)
      const end = Math.min(visible, skip + limit - vouchers.length)
      for (let i = skip; i < end; i++) vouchers.push(buildVoucherView(batch, i))
      skip = 0
    }
    return { object: 'list', data_ref: 'vouchers', vouchers, total }
  }

  /** Counts one redemption; refuses past `redemption.quantity`. Synchronous, so it cannot interleave. */
  redeem(codeOrId: string): VoucherView {
    const { batch, index } = this.#require(codeOrId)
    const state = this.#state(batch, index)
    const quantity = batch.campaign.voucher!.redemption.quantity
    const redeemed = state.redeemed ?? 0
    if (quantity !== null && redeemed >= quantity) {
      throw new VoucherRuleError('quantity_exceeded', `voucher ${codeOrId} has been redeemed ${redeemed} of ${quantity} times`)
    }
    state.redeemed = redeemed + 1
    return this.#touch(batch, index, state)
  }

  /** Adds (positive) or spends (negative) gift credits; the balance never goes below 0. */
  adjustGiftBalance(codeOrId: string, delta: number): VoucherView {
    const { batch, index } = this.#require(codeOrId)
    const view = buildVoucherView(batch, index)
    if (!view.gift) throw new ApiError('INVALID_REDEEMABLES', `voucher ${codeOrId} is not a gift card`)
    const balance = view.gift.balance + delta
    if (balance < 0) {
      throw new VoucherRuleError('gift_amount_exceeded', `gift card ${codeOrId} has a balance of ${view.gift.balance}, ${-delta} requested`)
    }
    const state = this.#state(batch, index)
    state.giftBalance = balance
    if (delta > 0) state.giftAmount = view.gift.amount + delta
    return this.#touch(batch, index, state)
  }

  /** Adds or spends loyalty points; the balance never goes below 0. */
  adjustLoyaltyPoints(codeOrId: string, delta: number): VoucherView {
    const { batch, index } = this.#require(codeOrId)
    const view = buildVoucherView(batch, index)
    if (!view.loyalty_card) throw new ApiError('INVALID_REDEEMABLES', `voucher ${codeOrId} is not a loyalty card`)
    const balance = view.loyalty_card.balance + delta
    if (balance < 0) {
      throw new VoucherRuleError(
        'loyalty_card_points_exceeded',
        `loyalty card ${codeOrId} has ${view.loyalty_card.balance} points, ${-delta} requested`,
      )
    }
    const state = this.#state(batch, index)
    state.pointsBalance = balance
    if (delta > 0) state.points = view.loyalty_card.points + delta
    return this.#touch(batch, index, state)
  }

  setHolder(codeOrId: string, customerId: string): VoucherView {
    const { batch, index } = this.#require(codeOrId)
    const state = this.#state(batch, index)
    state.holderId = customerId
    return this.#touch(batch, index, state)
  }

  /** Codes claimed across the project (generated or imported). */
  get codeCount(): number {
    return this.#index.size
  }

  #visible(batch: Batch): number {
    const { createdAt, readyAt } = batch.campaign
    const now = this.deps.clock.now()
    let n: number
    if (now >= readyAt || batch.explicit) n = batch.size
    else if (now <= createdAt) n = 0
    else n = Math.floor(((now - createdAt) * batch.size) / (readyAt - createdAt))
    return batch.codes && batch.codes.length < n ? batch.codes.length : n
  }

  #generate(batch: Batch): void {
    const config = batch.campaign.voucher!.code_config
    const list = createCodeList(config, batch.size)
    batch.codes = list
    const random = seededRandom(`${this.deps.config.seed}:${batch.campaign.id}`)
    this.#index.reserve(batch.size)
    generateCodes(config, batch.size, random, list, (i) => this.#index.claim(batch.base + i, list.hashAt(i)))
    if ('trimmed' in list) batch.codes = list.trimmed()
    this.#pending.delete(batch)
  }

  #storeExplicit(batch: Batch, explicit: ExplicitVoucher[]): void {
    const list = new StringCodes()
    batch.codes = list
    const claimed: number[] = []
    for (const [i, voucher] of explicit.entries()) {
      list.codes.push(voucher.code)
      const pinned = voucher.id !== undefined && this.#pinnedIds.has(voucher.id)
      if (pinned || !this.#index.claim(batch.base + i, hashString(voucher.code))) {
        for (const c of claimed) this.#index.release(batch.base + c, list.hashAt(c))
        const what = pinned ? `voucher id ${voucher.id}` : `code ${voucher.code}`
        throw new ApiError('DUPLICATE_FOUND', `${what} already exists in this project`, {
          resourceId: pinned ? voucher.id : voucher.code,
          resourceType: 'voucher',
        })
      }
      claimed.push(i)
    }
    for (const [i, voucher] of explicit.entries()) {
      const state = explicitState(voucher)
      if (state) batch.state.set(i, state)
      if (voucher.id) this.#pinnedIds.set(voucher.id, batch.base + i)
    }
  }

  #locate(codeOrId: string): { batch: Batch; index: number } | undefined {
    const byId = this.#locateId(codeOrId)
    if (byId) return byId
    // The code may belong to a campaign whose vouchers exist by now but were never read: materialise
    // those whose pattern can produce it (not every due campaign: that could be millions of codes).
    for (const pending of [...this.#pending]) {
      if (this.#visible(pending) > 0 && couldHold(pending, codeOrId)) this.#generate(pending)
    }
    const slot = this.#index.find(codeOrId, hashString(codeOrId))
    const batch = slot > 0 ? this.#batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    return index < this.#visible(batch) ? { batch, index } : undefined
  }

  #locateId(id: string): { batch: Batch; index: number } | undefined {
    const pinned = this.#pinnedIds.get(id)
    const slot = pinned ?? slotFromVoucherId(id)
    const batch = slot > 0 ? this.#batchOfSlot(slot) : undefined
    if (!batch) return undefined
    const index = slot - batch.base
    // a derived id does not name a voucher whose id was pinned by a fixture
    if (pinned === undefined && batch.state.get(index)?.id !== undefined) return undefined
    if (index >= this.#visible(batch)) return undefined
    if (batch.codes === null) this.#generate(batch)
    return index < batch.codes!.length ? { batch, index } : undefined
  }

  #require(codeOrId: string): { batch: Batch; index: number } {
    const at = this.#locate(codeOrId)
    if (!at) throw notFound('voucher', codeOrId)
    return at
  }

  #state(batch: Batch, index: number): VoucherState {
    let state = batch.state.get(index)
    if (!state) batch.state.set(index, (state = {}))
    return state
  }

  #touch(batch: Batch, index: number, state: VoucherState): VoucherView {
    state.updatedAt = this.deps.clock.now()
    return buildVoucherView(batch, index)
  }

  #batchOfSlot(slot: number): Batch | undefined {
    return batchOfSlot(this.#batches, slot)
  }

  #codeOfSlot(slot: number): string | undefined {
    const b = this.#batchOfSlot(slot)
    return b?.codes?.at(slot - b.base)
  }
  // Persistence (mock/persistence): the whole store as plain data, and back.
  snapshot(): VoucherSnapshot {
    return { nextSlot: this.#nextSlot, batches: this.#batches.map(saveBatch) }
  }

  restore(snapshot: VoucherSnapshot): void {
    for (const campaignId of [...this.#byCampaign.keys()]) this.remove(campaignId)
    for (const batch of snapshot.batches.map(loadBatch)) {
      this.#batches.push(batch)
      this.#byCampaign.set(batch.campaign.id, batch)
      this.#reserved.set(batch.signature, (this.#reserved.get(batch.signature) ?? 0) + batch.size)
      if (batch.codes === null) this.#pending.add(batch)
      else for (let i = 0; i < batch.codes.length; i++) this.#index.claim(batch.base + i, batch.codes.hashAt(i))
      for (const [i, state] of batch.state) if (state.id) this.#pinnedIds.set(state.id, batch.base + i)
    }
    this.#nextSlot = snapshot.nextSlot
  }
}
