/** A source of time in epoch milliseconds. Everything time-dependent takes one. */
export interface Clock {
  now(): number
}

/** The real wall clock; the only place that reads `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() }

/**
 * A clock that moves only when told to: tests and `createMockServer().advance(ms)` drive it.
 * @example
 * const clock = new ManualClock('2026-01-01T00:00:00.000Z')
 * clock.advance(1_000)
 */
export class ManualClock implements Clock {
  #now: number

  constructor(start: number | string = FIXTURE_EPOCH) {
    this.#now = typeof start === 'number' ? start : parseIso(start)
  }

  now(): number {
    return this.#now
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() takes a non-negative number of ms, got ${ms}`)
    this.#now += ms
  }

  set(time: number | string): void {
    this.#now = typeof time === 'number' ? time : parseIso(time)
  }
}

/**
 * A wall clock that can also be pushed forward, so a running mock can "fast-forward"
 * pending jobs through its control API without stopping real time.
 */
export class OffsetClock implements Clock {
  #offset = 0
  constructor(private readonly base: Clock = systemClock) {}

  now(): number {
    return this.base.now() + this.#offset
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() takes a non-negative number of ms, got ${ms}`)
    this.#offset += ms
  }

  get offset(): number {
    return this.#offset
  }

  set offset(ms: number) {
    this.#offset = ms
  }
}

/** The timestamp fixtures are written against; tests start their ManualClock here. */
export const FIXTURE_EPOCH = Date.UTC(2026, 0, 15, 9, 0, 0, 0)

/** The last instant an ISO timestamp can show (9999-12-31T23:59:59.999Z): the mock's clock and deadlines stay at or before it. */
export const LATEST_PRINTABLE_MS = 253_402_300_799_999

/** ISO 8601 UTC with milliseconds, as the API writes every timestamp. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString()
}

function parseIso(iso: string): number {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 timestamp: ${iso}`)
  return ms
}
