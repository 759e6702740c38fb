import { randomFillSync } from 'node:crypto'

/** Issues resource ids of the form `<prefix>_<opaque>`, e.g. `camp_1a2b…`. */
export interface IdSource {
  next(prefix: string): string
}

const ALPHABET = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 'latin1')

// One call into the CSPRNG per id was 9% of a createCampaign (a campaign with two tiers takes
// several ids); filling a pool and taking slices of it costs the same randomness, fetched in bulk.
const POOL_BYTES = 4096

/** Random ids for a running server: 20 base-62 characters, about 119 bits. */
export function randomIds(length = 20): IdSource {
  const pool = Buffer.alloc(Math.max(POOL_BYTES, length))
  let offset = pool.length
  // The id is written as bytes and read back once: adding characters one by one to a string leaves a
  // chain of string pieces behind every id (10,000 seeded campaigns kept megabytes of them).
  let scratch = Buffer.alloc(64)
  return {
    next(prefix) {
      if (offset + length > pool.length) {
        randomFillSync(pool)
        offset = 0
      }
      const size = prefix.length + 1 + length
      if (scratch.length < size) scratch = Buffer.alloc(size)
      const start = scratch.write(prefix, 0, 'latin1')
      scratch[start] = 0x5f // '_'
      for (let i = 0; i < length; i++) scratch[start + 1 + i] = ALPHABET[pool[offset + i] % ALPHABET.length]
      offset += length
      return scratch.toString('latin1', 0, start + 1 + length)
    },
  }
}

/**
 * Predictable ids for tests and seeded runs: `camp_0001`, `camp_0002`, one counter per prefix.
 * A namespace keeps two sources (e.g. fixtures and runtime) from colliding.
 */
export function sequentialIds(namespace = ''): IdSource & { reset(): void } {
  const counters = new Map<string, number>()
  return {
    next(prefix) {
      const n = (counters.get(prefix) ?? 0) + 1
      counters.set(prefix, n)
      return `${prefix}_${namespace}${String(n).padStart(4, '0')}`
    },
    reset() {
      counters.clear()
    },
  }
}
