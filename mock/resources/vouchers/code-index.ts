/**
 * Project-wide code → voucher slot index. An open-addressing table in one Int32Array of
 * (hash, slot + 1) pairs: a JS Map of a million strings costs ~1 s and ~80 MB to fill, this a few
 * hundred ms and 8 bytes per table entry, with one cache line touched per probe. Hash matches are
 * confirmed against the stored code through `owner`.
 */
export interface CodeOwner {
  /** True when the voucher in `slot` has exactly this code. */
  slotHasCode(slot: number, code: string): boolean
  /** True when two slots hold the same code. */
  slotsEqual(a: number, b: number): boolean
}

const EMPTY = 0
const DELETED = -1

export class CodeIndex {
  /** [hash, slot + 1] pairs; slot + 1 is EMPTY (0) or DELETED (-1) for free entries. */
  #table: Int32Array
  #mask: number
  #live = 0
  #used = 0
  /** A bigger table being filled in steps (reserveSteps); lookups read the current one meanwhile. */
  #growing: { table: Int32Array; mask: number; from: number; used: number } | undefined

  constructor(
    private readonly owner: CodeOwner,
    capacity = 1024,
  ) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity)))
    this.#table = new Int32Array(size * 2)
    this.#mask = size - 1
  }

  get size(): number {
    return this.#live
  }

  /** Grows once ahead of a big batch instead of doubling repeatedly while it is claimed. */
  reserve(extra: number): void {
    const steps = this.reserveSteps(extra, Infinity)
    while (!steps.next().done);
  }

  /**
   * The same, moving `step` entries at a time (a list's generation: list-work). Moving ten million
   * entries takes seconds; lookups go on in the current table meanwhile, and any change (a claim, a
   * release) first finishes the move.
   */
  *reserveSteps(extra: number, step: number): Generator<void, void> {
    this.#finishGrowing()
    let size = this.#mask + 1
    while ((this.#live + extra) * 2 > size) size *= 2
    if (size === this.#mask + 1) return
    const growing = { table: new Int32Array(size * 2), mask: size - 1, from: 0, used: 0 }
    this.#growing = growing
    // a change meanwhile may have finished the move
    while (this.#growing === growing && !this.#move(step)) yield
  }

  /** The slot holding `code`, or -1. */
  find(code: string, hash: number): number {
    const table = this.#table
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = table[2 * i + 1]
      if (v === EMPTY) return -1
      if (v > 0 && table[2 * i] === hash && this.owner.slotHasCode(v - 1, code)) return v - 1
    }
  }

  /** Claims the code already written at `slot`; false when another slot holds the same code. */
  claim(slot: number, hash: number): boolean {
    if (this.#growing) this.#finishGrowing()
    if ((this.#used + 1) * 2 > this.#mask + 1) this.#grow()
    const table = this.#table
    let free = -1
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = table[2 * i + 1]
      if (v === EMPTY) {
        if (free < 0) {
          free = i
          this.#used++
        }
        break
      }
      if (v === DELETED) {
        if (free < 0) free = i
      } else if (table[2 * i] === hash && this.owner.slotsEqual(v - 1, slot)) {
        return false
      }
    }
    table[2 * free] = hash
    table[2 * free + 1] = slot + 1
    this.#live++
    return true
  }

  /** Frees the entry of `slot` (its code becomes available again). */
  release(slot: number, hash: number): void {
    if (this.#growing) this.#finishGrowing()
    const table = this.#table
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = table[2 * i + 1]
      if (v === EMPTY) return
      if (v === slot + 1) {
        table[2 * i + 1] = DELETED
        this.#live--
        return
      }
    }
  }

  /** Doubles when live entries fill a quarter of the table; otherwise just sweeps tombstones. */
  #grow(): void {
    const size = this.#mask + 1
    this.#resize(this.#live * 4 > size ? size * 2 : size)
  }

  #resize(size: number): void {
    this.#growing = { table: new Int32Array(size * 2), mask: size - 1, from: 0, used: 0 }
    this.#finishGrowing()
  }

  #finishGrowing(): void {
    if (this.#growing) this.#move(Infinity)
  }

  /** Moves up to `count` entries of the current table into the growing one; true (and swapped) once all are. */
  #move(count: number): boolean {
    const growing = this.#growing!
    const { table, mask } = growing
    const old = this.#table
    const end = Math.min(old.length, growing.from + 2 * count)
    for (let j = growing.from; j < end; j += 2) {
      const v = old[j + 1]
      if (v <= 0) continue
      let i = old[j] & mask
      while (table[2 * i + 1] !== EMPTY) i = (i + 1) & mask
      table[2 * i] = old[j]
      table[2 * i + 1] = v
      growing.used++
    }
    growing.from = end
    if (end < old.length) return false
    this.#table = table
    this.#mask = mask
    this.#used = growing.used
    this.#growing = undefined
    return true
  }
}
