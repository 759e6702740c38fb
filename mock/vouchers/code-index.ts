/**
 * Project-wide code → voucher slot index. An open-addressing table over two Int32Arrays: a JS Map of
 * a million strings costs ~1 s and ~80 MB to fill, this costs a few tens of ms and 16 bytes per
 * entry. Hash matches are confirmed against the stored code through `owner`.
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
  #hashes: Int32Array
  #slots: Int32Array
  #mask: number
  #live = 0
  #used = 0

  constructor(
    private readonly owner: CodeOwner,
    capacity = 1024,
  ) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity)))
    this.#hashes = new Int32Array(size)
    this.#slots = new Int32Array(size)
    this.#mask = size - 1
  }

  get size(): number {
    return this.#live
  }

  /** Grows once ahead of a big batch instead of doubling repeatedly while it is claimed. */
  reserve(extra: number): void {
    while ((this.#live + extra) * 4 > this.#mask + 1) this.#resize((this.#mask + 1) * 2)
  }

  /** The slot holding `code`, or -1. */
  find(code: string, hash: number): number {
    const hashes = this.#hashes
    const slots = this.#slots
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]
      if (v === EMPTY) return -1
      if (v > 0 && hashes[i] === hash && this.owner.slotHasCode(v - 1, code)) return v - 1
    }
  }

  /** Claims the code already written at `slot`; false when another slot holds the same code. */
  claim(slot: number, hash: number): boolean {
    if (this.#used + 1 > (this.#mask + 1) >>> 1) this.#grow()
    const hashes = this.#hashes
    const slots = this.#slots
    let free = -1
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]
      if (v === EMPTY) {
        if (free < 0) {
          free = i
          this.#used++
        }
        break
      }
      if (v === DELETED) {
        if (free < 0) free = i
      } else if (hashes[i] === hash && this.owner.slotsEqual(v - 1, slot)) {
        return false
      }
    }
    hashes[free] = hash
    slots[free] = slot + 1
    this.#live++
    return true
  }

  /** Frees the entry of `slot` (its code becomes available again). */
  release(slot: number, hash: number): void {
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = this.#slots[i]
      if (v === EMPTY) return
      if (v === slot + 1) {
        this.#slots[i] = DELETED
        this.#live--
        return
      }
    }
  }

  /** Doubles when live entries fill a quarter (keeps probes short); otherwise just sweeps tombstones. */
  #grow(): void {
    const size = this.#mask + 1
    this.#resize(this.#live * 4 > size ? size * 2 : size)
  }

  #resize(size: number): void {
    const oldHashes = this.#hashes
    const oldSlots = this.#slots
    this.#hashes = new Int32Array(size)
    this.#slots = new Int32Array(size)
    this.#mask = size - 1
    this.#used = 0
    for (let j = 0; j < oldSlots.length; j++) {
      const v = oldSlots[j]
      if (v <= 0) continue
      let i = oldHashes[j] & this.#mask
      while (this.#slots[i] !== EMPTY) i = (i + 1) & this.#mask
      this.#hashes[i] = oldHashes[j]
      this.#slots[i] = v
      this.#used++
    }
  }
}
