import { latin1 } from '../../../src/latin1.js'

/**
 * The codes of one campaign. Generated codes all have the same width (prefix + pattern + postfix),
 * so they live in one byte array: about 14 bytes per code instead of a heap string each. Strings are
 * made only when a voucher is read.
 */
export interface CodeList {
  readonly length: number
  at(index: number): string
  /** FNV-1a over the code's UTF-16 units (= bytes for latin1), the hash CodeIndex uses. */
  hashAt(index: number): number
  equalsAt(index: number, code: string): boolean
}

export class ByteCodes implements CodeList {
  length = 0
  readonly buf: Uint8Array

  constructor(
    readonly width: number,
    capacity: number,
  ) {
    this.buf = new Uint8Array(Math.max(1, width * capacity))
  }

  at(index: number): string {
    const start = index * this.width
    return latin1(this.buf, start, start + this.width)
  }

  hashAt(index: number): number {
    return hashBytes(this.buf, index * this.width, this.width)
  }

  equalsAt(index: number, code: string): boolean {
    if (code.length !== this.width) return false
    const start = index * this.width
    for (let i = 0; i < this.width; i++) if (this.buf[start + i] !== code.charCodeAt(i)) return false
    return true
  }

  /** Gives back the unused tail once generation knows the final count. */
  trimmed(): ByteCodes {
    if (this.buf.length <= this.length * this.width * 2) return this
    const copy = new ByteCodes(this.width, this.length)
    copy.buf.set(this.buf.subarray(0, this.length * this.width))
    copy.length = this.length
    return copy
  }
}

export class StringCodes implements CodeList {
  readonly codes: string[] = []

  get length(): number {
    return this.codes.length
  }

  at(index: number): string {
    return this.codes[index]
  }

  hashAt(index: number): number {
    return hashString(this.codes[index])
  }

  equalsAt(index: number, code: string): boolean {
    return this.codes[index] === code
  }
}

export function hashString(code: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193)
  return h | 0
}

export function hashBytes(buf: Uint8Array, start: number, length: number): number {
  let h = 0x811c9dc5
  const end = start + length
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i], 0x01000193)
  return h | 0
}
