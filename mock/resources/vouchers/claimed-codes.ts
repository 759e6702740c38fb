import { ApiError } from '../../engine/errors.js'
import { codeSteps, createCodeList, seededRandom } from './code-generator.js'
import { CodeIndex } from './code-index.js'
import { ByteCodes, StringCodes, hashString } from './code-list.js'
import { Job } from './list-work.js'
import { explicitState, writableState } from './voucher-state.js'
import type { Batch, ExplicitVoucher } from './voucher-types.js'

/**
 * Which voucher slot holds which code, project-wide: codes are unique across the project (CodeIndex),
 * and fixtures may pin ids to vouchers. Slots resolve to batches through the store's slot table.
 */
export class ClaimedCodes {
  readonly #index: CodeIndex
  readonly #pinnedIds = new Map<string, number>()
  readonly #batchOfSlot: (slot: number) => Batch | undefined
  /** The generation under way (a list makes codes in steps): its batch's codes stay null until it is done. */
  #making: { batch: Batch; list: ByteCodes | StringCodes; job: Job<void> } | undefined

  constructor(batchOfSlot: (slot: number) => Batch | undefined) {
    this.#batchOfSlot = batchOfSlot
    this.#index = new CodeIndex({
      slotHasCode: (slot, code) => {
        const b = this.#batchOfSlot(slot)
        return b !== undefined && this.#codesOf(b)!.equalsAt(slot - b.base, code)
      },
      slotsEqual: (a, b) => this.#codeOfSlot(a) === this.#codeOfSlot(b),
    })
  }

  /** Codes claimed across the project (generated or imported). */
  get size(): number {
    return this.#index.size
  }

  /** The slot holding `code`, or a value below 1 when none does. */
  slotOfCode(code: string): number {
    return this.#index.find(code, hashString(code))
  }

  pinnedSlot(id: string): number | undefined {
    return this.#pinnedIds.get(id)
  }

  /** Generates the batch's codes from a PRNG seeded by `seed` and the campaign id, so a run is reproducible. */
  generate(batch: Batch, seed: number): void {
    while (batch.codes === null) this.generation(batch, seed, Infinity).finish()
  }

  /**
   * The job making the batch's codes, `step` candidates at a time. Codes are claimed in the order
   * generations start, as when each ran at once: while one is under way, that one is the job (finish it,
   * then ask again), so a campaign's codes never depend on how its generation was cut into steps.
   */
  generation(batch: Batch, seed: number, step: number): Job<void> {
    if (this.#making) return this.#making.job
    const config = batch.campaign.voucher!.code_config
    const list = createCodeList(config, batch.size)
    const random = seededRandom(`${seed}:${batch.campaign.id}`)
    const claims = codeSteps(config, batch.size, random, list, (i) => this.#index.claim(batch.base + i, list.hashAt(i)), step)
    const making = { batch, list, job: new Job(this.#make(batch, list, this.#index.reserveSteps(batch.size, step), claims)) }
    this.#making = making
    return making.job
  }

  *#make(batch: Batch, list: ByteCodes | StringCodes, room: Generator<void, void>, claims: Generator<void, void>): Generator<void, void> {
    yield* room
    yield* claims
    batch.codes = list instanceof ByteCodes ? list.trimmed() : list
    this.#making = undefined
  }

  /** Stores fixture vouchers, all or nothing: a code or pinned id already in the project is a 409. */
  storeExplicit(batch: Batch, explicit: ExplicitVoucher[]): void {
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
      if (state) writableState(batch).set(i, state)
      if (voucher.id) this.#pinnedIds.set(voucher.id, batch.base + i)
    }
  }

  /** Frees a deleted batch's codes and pinned ids for new campaigns. */
  release(batch: Batch): void {
    const codes = this.#codesOf(batch)
    if (this.#making?.batch === batch) {
      this.#making.job.cancel()
      this.#making = undefined
    }
    if (codes) for (let i = 0; i < codes.length; i++) this.#index.release(batch.base + i, codes.hashAt(i))
    for (const state of batch.state.values()) if (state.id) this.#pinnedIds.delete(state.id)
  }

  /** Claims a restored batch's codes and pinned ids again (state file). */
  reclaim(batch: Batch): void {
    if (batch.codes) for (let i = 0; i < batch.codes.length; i++) this.#index.claim(batch.base + i, batch.codes.hashAt(i))
    for (const [i, state] of batch.state) if (state.id) this.#pinnedIds.set(state.id, batch.base + i)
  }

  #codeOfSlot(slot: number): string | undefined {
    const b = this.#batchOfSlot(slot)
    return b && this.#codesOf(b)?.at(slot - b.base)
  }

  /** The batch's codes, also those claimed so far by a generation under way. */
  #codesOf(batch: Batch): ByteCodes | StringCodes | null {
    return batch.codes ?? (this.#making?.batch === batch ? this.#making.list : null)
  }
}
