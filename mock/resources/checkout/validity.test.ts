import { describe, expect, it } from 'vitest'
import { checkValidity, durationMs, inTimeframe, onAllowedDay } from './validity.js'

const at = (iso: string) => Date.parse(iso)

describe('durationMs', () => {
  it('reads ISO 8601 durations', () => {
    expect(durationMs('P1D')).toBe(86_400_000)
    expect(durationMs('PT2H30M')).toBe(9_000_000)
    expect(durationMs('P1W')).toBe(7 * 86_400_000)
    expect(durationMs('PT0.5S')).toBe(500)
  })

  it('rejects malformed durations', () => {
    expect(durationMs('P')).toBeUndefined()
    expect(durationMs('PT')).toBeUndefined()
    expect(durationMs('1D')).toBeUndefined()
  })
})

describe('validity_timeframe', () => {
  const anchor = at('2026-01-01T00:00:00.000Z')
  const tf = { interval: 'P2D', duration: 'PT1H' }

  it('is active in the first hour of every other day from the start date', () => {
    expect(inTimeframe(tf, anchor, at('2026-01-03T00:30:00.000Z'))).toBe(true)
    expect(inTimeframe(tf, anchor, at('2026-01-03T01:00:00.000Z'))).toBe(false)
    expect(inTimeframe(tf, anchor, at('2026-01-02T00:30:00.000Z'))).toBe(false)
    expect(inTimeframe(tf, anchor, at('2025-12-31T00:30:00.000Z'))).toBe(false)
  })
})

describe('validity_day_of_week', () => {
  it('numbers days 0 (Sunday) to 6 (Saturday) in UTC', () => {
    const thursday = at('2026-01-15T09:00:00.000Z')
    expect(onAllowedDay([4], thursday)).toBe(true)
    expect(onAllowedDay([0, 6], thursday)).toBe(false)
    expect(onAllowedDay([], thursday)).toBe(true)
    expect(onAllowedDay(null, thursday)).toBe(true)
  })
})

describe('checkValidity', () => {
  const now = at('2026-01-15T09:00:00.000Z')

  it('checks activity, then start, then expiry, then recurring windows', () => {
    expect(checkValidity({ active: false, start_date: '2027-01-01T00:00:00.000Z' }, now)).toBe('inactive')
    expect(checkValidity({ active: true, start_date: '2026-02-01T00:00:00.000Z' }, now)).toBe('not_started')
    expect(checkValidity({ active: true, expiration_date: '2026-01-01T00:00:00.000Z' }, now)).toBe('expired')
    expect(checkValidity({ active: true, validity_day_of_week: [1] }, now)).toBe('not_now')
    expect(
      checkValidity({ active: true, start_date: '2026-01-01T00:00:00.000Z', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } }, now),
    ).toBe('not_now')
    expect(checkValidity({ active: true, start_date: '2026-01-01T00:00:00.000Z', expiration_date: null }, now)).toBe('ok')
  })
})
