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

const DAY_MS = 86_400_000
const ZERO = 48

/**
 * ISO 8601 UTC with milliseconds, as the API writes every timestamp. Whole ms from 1970 to 9999 are
 * written by arithmetic (days to a civil date, H. Hinnant's algorithm): `Date#toISOString` is a runtime
 * call of ~2 µs, a third of it here, and `--seed-campaigns 10000` writes 20,000 dates before the mock
 * answers (every answer writes some too). One `String.fromCharCode` makes one flat string (pieces added up would stay a chain of them).
 * Anything else (earlier, fractional, invalid) goes to `Date`, which also throws its RangeError.
 */
export function toIso(ms: number): string {
  if (!(ms >= 0 && ms <= LATEST_PRINTABLE_MS) || ms !== Math.floor(ms)) return new Date(ms).toISOString()
  const days = Math.floor(ms / DAY_MS)
  let rest = ms - days * DAY_MS
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const d = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const m = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
  const h = Math.floor(rest / 3_600_000)
  rest -= h * 3_600_000
  const min = Math.floor(rest / 60_000)
  rest -= min * 60_000
  const s = Math.floor(rest / 1000)
  const milli = rest - s * 1000
  return String.fromCharCode(
    ZERO + Math.floor(y / 1000), ZERO + (Math.floor(y / 100) % 10), ZERO + (Math.floor(y / 10) % 10), ZERO + (y % 10), 45,
    ZERO + Math.floor(m / 10), ZERO + (m % 10), 45, ZERO + Math.floor(d / 10), ZERO + (d % 10), 84,
    ZERO + Math.floor(h / 10), ZERO + (h % 10), 58, ZERO + Math.floor(min / 10), ZERO + (min % 10), 58,
    ZERO + Math.floor(s / 10), ZERO + (s % 10), 46, ZERO + Math.floor(milli / 100), ZERO + (Math.floor(milli / 10) % 10), ZERO + (milli % 10), 90,
  )
}

/**
 * `value` as the API writes a timestamp (toIso), or undefined when Date.parse cannot read it. One already
 * written so comes back as it is, without a parse and a format (`--seed-campaigns 10000` checks 20,000).
 */
export function normaliseIso(value: string): string | undefined {
  if (isWrittenIso(value)) return value
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : toIso(ms)
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ` naming a real instant (Date.parse would roll Feb 30 or 24:00 over into the next day or month). */
function isWrittenIso(s: string): boolean {
  if (s.length !== 24) return false
  for (let i = 0; i < 24; i++) {
    const unit = s.charCodeAt(i)
    if (ISO_SEPARATORS[i] === 0 ? unit < 48 || unit > 57 : unit !== ISO_SEPARATORS[i]) return false
  }
  const year = number(s, 0, 4)
  const month = number(s, 5, 2)
  const day = number(s, 8, 2)
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0) && number(s, 11, 2) < 24 && number(s, 14, 2) < 60 && number(s, 17, 2) < 60
}

/** Where toIso writes `-`, `T`, `:`, `.` and `Z` (0: a digit). */
const ISO_SEPARATORS = [0, 0, 0, 0, 45, 0, 0, 45, 0, 0, 84, 0, 0, 58, 0, 0, 58, 0, 0, 46, 0, 0, 0, 90]
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function number(s: string, at: number, length: number): number {
  let value = 0
  for (let i = at; i < at + length; i++) value = value * 10 + s.charCodeAt(i) - 48
  return value
}

function parseIso(iso: string): number {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 timestamp: ${iso}`)
  return ms
}
