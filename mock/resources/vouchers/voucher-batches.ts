import type { Clock } from '../../../src/clock.js'
import { ApiError } from '../../engine/errors.js'
import type { CodeConfig } from './code-generator.js'
import { codeSignature, codeSpace } from './code-generator.js'
import { ClaimedCodes } from './claimed-codes.js'
import type { Job } from './list-work.js'
import { NO_CHANGES, batchOfSlot, couldHold } from './voucher-state.js'
import type { Batch, ExplicitVoucher, VoucherCampaign } from './voucher-types.js'
import { loadBatch, saveBatch, type VoucherSnapshot } from './voucher-snapshot.js'

export interface VoucherStoreDeps {
  clock: Clock
  config: { seed: number }
}

/**
 * Generation bookkeeping: one batch per campaign in a project-wide slot table, which batches are
 * still waiting for their codes, and how many codes each pattern has promised. A campaign's codes
 * are generated on first need once the clock says some exist.
 */
export class VoucherBatches {
  readonly #byCampaign = new Map<string, Batch>()
  /** Sorted by `base` (slots only grow), so a slot's batch is a binary search away. */
  readonly #batches: Batch[] = []
  readonly #pending = new Set<Batch>()
  readonly #reserved = new Map<string, number>()
  readonly #deps: VoucherStoreDeps
  readonly codes = new ClaimedCodes((slot) => this.batchOfSlot(slot))
  #nextSlot = 1
  /** A create checks the space, then registers, with the same code_config: the last one's signature is kept for it. */
  #signed: { config?: CodeConfig; signature: string } = { signature: '' }

  constructor(deps: VoucherStoreDeps) {
    this.#deps = deps
  }

  /** Throws 400 unless the pattern's space holds `count` more codes besides those already promised to it. */
  checkSpace(config: CodeConfig, count: number): void {
    const space = codeSpace(config)
    const taken = this.#reserved.get(this.#signature(config)) ?? 0
    if (space >= count + taken) return
    const size = `${new Set(config.charset).size} characters`
    const takenNote = taken > 0 ? ` (${taken} of them already used by other campaigns with this pattern)` : ''
    const details = `code_config.pattern '${config.pattern}' with charset of ${size} allows ${space} unique codes${takenNote}, fewer than vouchers_count ${count}`
    throw new ApiError('INVALID_CAMPAIGN', details, { message: 'Invalid Campaign: the code pattern cannot hold vouchers_count unique codes' })
  }

  #signature(config: CodeConfig): string {
    if (this.#signed.config !== config) this.#signed = { config, signature: codeSignature(config) }
    return this.#signed.signature
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
      signature: this.#signature(campaign.voucher.code_config),
      explicit: explicit !== undefined,
      state: NO_CHANGES,
    }
    // in the slot table before any code is claimed: claims compare against codes found through it
    this.#batches.push(batch)
    if (explicit) {
      try {
        this.codes.storeExplicit(batch, explicit)
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
    this.codes.release(batch)
    this.#byCampaign.delete(campaignId)
    this.#pending.delete(batch)
    this.#batches.splice(this.#batches.indexOf(batch), 1)
    this.#reserved.set(batch.signature, (this.#reserved.get(batch.signature) ?? 0) - batch.size)
  }

  ofCampaign(campaignId: string): Batch | undefined {
    return this.#byCampaign.get(campaignId)
  }

  /** Every batch, oldest first (do not modify). */
  get all(): readonly Batch[] {
    return this.#batches
  }

  batchOfSlot(slot: number): Batch | undefined {
    return batchOfSlot(this.#batches, slot)
  }

  /** How many of the batch's vouchers exist now (grows with the clock while generating). */
  visible(batch: Batch): number {
    const { createdAt, readyAt } = batch.campaign
    const now = this.#deps.clock.now()
    if (batch.goneAt !== undefined && now >= batch.goneAt) return 0
    let n: number
    if (now >= readyAt || batch.explicit) n = batch.size
    else if (now <= createdAt) n = 0
    else n = Math.floor(((now - createdAt) * batch.size) / (readyAt - createdAt))
    return batch.codes && batch.codes.length < n ? batch.codes.length : n
  }

  generate(batch: Batch): void {
    this.codes.generate(batch, this.#deps.config.seed)
    this.#pending.delete(batch)
  }

  /** The batch's generation as a job of `step` candidates a step (or the generation under way: see ClaimedCodes). */
  generation(batch: Batch, step: number): Job<void> {
    return this.codes.generation(batch, this.#deps.config.seed, step)
  }

  /**
   * Materialises the due campaigns whose pattern can produce `code` (not every due campaign: that
   * could be millions of codes), so a code from a campaign never read yet can be found. `generate`
   * makes a batch's codes (a list makes them in steps).
   */
  generateCouldHold(code: string, generate = (batch: Batch) => this.generate(batch)): void {
    for (const pending of [...this.#pending]) {
      if (pending.codes === null && this.visible(pending) > 0 && couldHold(pending, code)) generate(pending)
    }
  }

  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
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
      this.codes.reclaim(batch)
    }
    this.#nextSlot = snapshot.nextSlot
  }
}
