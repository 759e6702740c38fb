import { OffsetClock } from '../../../src/clock.js'
import { randomIds, type IdSource } from '../../../src/ids.js'

/**
 * The wall clock of a server with a state file, which a call can pin: while a handler runs, every
 * read of the time gives the moment it started (the one the journal records), so replaying the
 * call at that moment gives back the same timestamps, expiries and generation times.
 */
export class JournalClock extends OffsetClock {
  #pinned: number | undefined

  override now(): number {
    return this.#pinned ?? super.now()
  }

  override advance(ms: number): void {
    super.advance(ms)
    if (this.#pinned !== undefined) this.#pinned += ms
  }

  /** Runs `call` with the time standing at `at` (the current time when not given). */
  pinned<T>(call: () => T, at = this.now()): T {
    const outer = this.#pinned
    this.#pinned = at
    try {
      return call()
    } finally {
      this.#pinned = outer
    }
  }

  /** Pins the time until the returned function is called (a replayed call may be async). */
  pin(at: number): () => void {
    const outer = this.#pinned
    this.#pinned = at
    return () => (this.#pinned = outer)
  }

  /** Whether a call is running pinned (a nested call keeps the outer moment). */
  get isPinned(): boolean {
    return this.#pinned !== undefined
  }
}

/** What a call drew: its ids in order, and its random bytes (base64), so a replay gets the same ones. */
export interface Draws {
  ids: string[]
  bytes: string[]
}

/**
 * The server's IdSource with a tape: a recorded call notes what it draws; a replayed one is given
 * the recorded values in order (and fresh ones if it asks for more, which a deterministic handler does not).
 */
export class TapeIds implements IdSource {
  readonly #source: IdSource
  #recording: Draws | undefined
  #replaying: { draws: Draws; id: number; bytes: number } | undefined

  constructor(source: IdSource = randomIds()) {
    this.#source = source
  }

  next(prefix: string): string {
    const tape = this.#replaying
    if (tape && tape.id < tape.draws.ids.length) return tape.draws.ids[tape.id++]
    const id = this.#source.next(prefix)
    this.#recording?.ids.push(id)
    return id
  }

  bytes(count: number): Uint8Array {
    const tape = this.#replaying
    if (tape && tape.bytes < tape.draws.bytes.length) return Uint8Array.from(Buffer.from(tape.draws.bytes[tape.bytes++], 'base64'))
    const bytes = this.#source.bytes?.(count) ?? globalThis.crypto.getRandomValues(new Uint8Array(count))
    this.#recording?.bytes.push(Buffer.from(bytes).toString('base64'))
    return bytes
  }

  /** Runs `call` noting its draws into `draws` (a nested call adds to the outer one's). */
  recording<T>(draws: Draws, call: () => T): T {
    if (this.#recording) return call()
    this.#recording = draws
    try {
      return call()
    } finally {
      this.#recording = undefined
    }
  }

  /** Starts giving out `draws`; `end()` stops (a replayed call may be async). */
  replay(draws: Draws): { end(): void } {
    this.#replaying = { draws, id: 0, bytes: 0 }
    return { end: () => (this.#replaying = undefined) }
  }
}
