import { ByteCodes, type CodeList, type StringCodes } from './code-list.js'
import { Job } from './list-work.js'

// A campaign's codes never change once generated or imported, so their order is worked out once per list.
const orders = new WeakMap<CodeList, Job<Uint32Array>>()

/**
 * The indices of a campaign's codes sorted by code, in the order JavaScript compares strings (UTF-16
 * units; for generated codes, latin1 bytes). Generated codes share one width, so a byte-wise radix sort
 * orders a million in a fraction of a second, where sorting strings took seconds and a string per code.
 */
export function codeOrder(codes: ByteCodes | StringCodes): Uint32Array {
  return codeOrdering(codes, Infinity).finish()
}

/** The same as a job yielding after every `step` codes of a pass (a list lets other requests in between); one per list of codes. */
export function codeOrdering(codes: ByteCodes | StringCodes, step: number): Job<Uint32Array> {
  let job = orders.get(codes)
  if (!job) {
    job = new Job(codes instanceof ByteCodes ? radixOrder(codes, step) : stringOrder(codes.codes))
    orders.set(codes, job)
  }
  return job
}

// eslint-disable-next-line require-yield -- imported codes are few (a fixture's): one step
function* stringOrder(codes: readonly string[]): Generator<void, Uint32Array> {
  const order = Uint32Array.from(codes.keys())
  return order.sort((a, b) => (codes[a] < codes[b] ? -1 : codes[a] > codes[b] ? 1 : a - b))
}

/**
 * Least significant digit first, stable counting sorts over 16-bit digits. Only the byte positions that
 * differ between codes count (a prefix is skipped); they are read four at a time into a key that moves
 * with its index, so each pass reads in order instead of jumping through the codes (half the time of
 * one pass per byte read in place).
 */
function* radixOrder(codes: ByteCodes, step: number): Generator<void, Uint32Array> {
  const { buf, width, length } = codes
  const varying = varyingPositions(buf, width, length)
  // a countdown, not `i % step`: a float modulo per code doubled the sort's time
  const every = Math.min(step, 2 ** 30)
  let budget = every
  yield
  let order = new Uint32Array(length)
  for (let i = 0; i < length; i++) order[i] = i
  let spare = new Uint32Array(length)
  let keys = new Uint32Array(length)
  let spareKeys = new Uint32Array(length)
  const counts = new Uint32Array(65_537)
  for (let end = varying.length; end > 0; end -= 4) {
    const chunk = varying.slice(Math.max(0, end - 4), end)
    // big-endian: the first position of the chunk is the most significant byte
    for (let i = 0; i < length; i++) {
      const base = order[i] * width
      let key = 0
      for (const position of chunk) key = key * 256 + buf[base + position]
      keys[i] = key * 256 ** (4 - chunk.length)
      if (--budget === 0) {
        budget = every
        yield
      }
    }
    for (const shift of [0, 16]) {
      counts.fill(0)
      for (let i = 0; i < length; i++) {
        counts[((keys[i] >>> shift) & 0xffff) + 1]++
        if (--budget === 0) {
          budget = every
          yield
        }
      }
      for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1]
      for (let i = 0; i < length; i++) {
        const at = counts[(keys[i] >>> shift) & 0xffff]++
        spare[at] = order[i]
        spareKeys[at] = keys[i]
        if (--budget === 0) {
          budget = every
          yield
        }
      }
      ;[order, spare] = [spare, order]
      ;[keys, spareKeys] = [spareKeys, keys]
    }
  }
  return order
}

/** The byte positions where some code differs from the first. */
function varyingPositions(buf: Uint8Array, width: number, length: number): number[] {
  const positions: number[] = []
  for (let position = 0; position < width; position++) {
    const first = buf[position]
    for (let i = 1; i < length; i++) {
      if (buf[i * width + position] !== first) {
        positions.push(position)
        break
      }
    }
  }
  return positions
}
