import { latin1, writeLatin1 } from './latin1.js'

/** Issues resource ids of the form `<prefix>_<opaque>`, e.g. `camp_1a2b…`. */
export interface IdSource {
  next(prefix: string): string
  /** What request ids start with (`v-` and 10 hex digits, then a counter); absent: random per mock, as the real service's vary. */
  requestIdPrefix?: string
  /**
   * Random bytes for secrets (tokens, keys). Optional: without it they come from the CSPRNG. A journal
   * (mock/engine/persistence) records and replays them, so a restart gives back the secrets clients hold.
   */
  bytes?(count: number): Uint8Array
}

/** `count` random bytes from the source, or from the CSPRNG when it has none. */
export function randomBytes(ids: IdSource | undefined, count: number): Uint8Array {
  return ids?.bytes?.(count) ?? globalThis.crypto.getRandomValues(new Uint8Array(count))
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

// One call into the CSPRNG per id was 9% of a createCampaign (a campaign with two tiers takes
// several ids); filling a pool and taking slices of it costs the same randomness, fetched in bulk.
const POOL_BYTES = 4096

/** Random ids for a running server: 20 base-62 characters, about 119 bits. */
export function randomIds(length = 20): IdSource {
  const pool = new Uint8Array(Math.max(POOL_BYTES, length))
  let offset = pool.length
  // The id is written as bytes and read back once: adding characters one by one to a string leaves a
  // chain of string pieces behind every id (10,000 seeded campaigns kept megabytes of them).
  let scratch = new Uint8Array(64)
  return {
    next(prefix) {
      if (offset + length > pool.length) {
        globalThis.crypto.getRandomValues(pool)
        offset = 0
      }
      const size = prefix.length + 1 + length
      if (scratch.length < size) scratch = new Uint8Array(size)
      const start = writeLatin1(scratch, prefix)
      scratch[start] = 0x5f // '_'
      for (let i = 0; i < length; i++) scratch[start + 1 + i] = ALPHABET.charCodeAt(pool[offset + i] % ALPHABET.length)
      offset += length
      return latin1(scratch, 0, start + 1 + length)
    },
  }
}

/**
 * Predictable ids for tests and seeded runs: `camp_0001`, `camp_0002`, one counter per prefix, and
 * request ids `v-000000000000000001`, … the same in every run (snapshots of error bodies hold).
 * A namespace keeps two sources (e.g. fixtures and runtime) from colliding.
 */
export function sequentialIds(namespace = ''): IdSource & { reset(): void } {
  const counters = new Map<string, number>()
  return {
    requestIdPrefix: 'v-0000000000',
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
