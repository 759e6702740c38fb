import type { Validity, ValidityTimeframe } from './checkout-model.js'

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/**
 * ISO 8601 duration → ms. Years and months have no fixed length; they count as 365 and 30 days, which is
 * enough for a recurring validity window in a mock.
 */
export function durationMs(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined
  const m = DURATION.exec(iso)
  if (!m || iso === 'P' || iso.endsWith('T')) return undefined
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)))
  return (((y * 365 + mo * 30 + w * 7 + d) * 24 + h) * 60 + mi) * 60_000 + s * 1000
}

/**
 * Inside a recurring window: windows of `duration` start every `interval` from `anchor` (the start date;
 * the real service requires one with a timeframe, the caller falls back to the creation time).
 */
export function inTimeframe(timeframe: ValidityTimeframe, anchor: number, now: number): boolean {
  const interval = durationMs(timeframe.interval)
  const duration = durationMs(timeframe.duration)
  if (!interval || duration === undefined) return true
  if (now < anchor) return false
  return (now - anchor) % interval < duration
}

export function onAllowedDay(days: number[] | null | undefined, now: number): boolean {
  if (!days || days.length === 0) return true
  return days.includes(new Date(now).getUTCDay())
}

export type TimeVerdict = 'ok' | 'inactive' | 'not_started' | 'expired' | 'not_now'

/** The one order of checks both vouchers and promotion tiers use. */
export function checkValidity(v: Validity, now: number, anchorFallback = 0): TimeVerdict {
  if (!v.active) return 'inactive'
  const start = v.start_date ? Date.parse(v.start_date) : undefined
  if (start !== undefined && now < start) return 'not_started'
  if (v.expiration_date && now > Date.parse(v.expiration_date)) return 'expired'
  if (v.validity_timeframe && !inTimeframe(v.validity_timeframe, start ?? anchorFallback, now)) return 'not_now'
  if (!onAllowedDay(v.validity_day_of_week, now)) return 'not_now'
  return 'ok'
}
