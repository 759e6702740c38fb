import { randomBytes } from 'node:crypto'

/** Issues resource ids of the form `<prefix>_<opaque>`, e.g. `camp_1a2b…`. */
export interface IdSource {
  next(prefix: string): string
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Random ids for a running server: 20 base-62 characters, about 119 bits. */
export function randomIds(length = 20): IdSource {
  return {
    next(prefix) {
      const bytes = randomBytes(length)
      let out = ''
      for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length]
      return `${prefix}_${out}`
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
