import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LATEST_PRINTABLE_MS, toIso } from './clock.js'

describe('toIso', () => {
  it('writes any whole ms from 1970 to 9999 as Date#toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LATEST_PRINTABLE_MS }), (ms) => {
        expect(toIso(ms)).toBe(new Date(ms).toISOString())
      }),
      { numRuns: 20_000 },
    )
  })

  it('gets the edges of days, months, leap years and centuries right', () => {
    const edges = ['1970-01-01T00:00:00.000Z', '2000-02-29T23:59:59.999Z', '2024-02-29T12:00:00.000Z', '2100-03-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z']
    for (const iso of edges) expect(toIso(Date.parse(iso))).toBe(iso)
    expect(toIso(LATEST_PRINTABLE_MS)).toBe('9999-12-31T23:59:59.999Z')
  })

  it('leaves times outside the fast range to Date: before 1970, fractional ms, and invalid ones throw', () => {
    expect(toIso(-1)).toBe('1969-12-31T23:59:59.999Z')
    expect(toIso(1.7)).toBe('1970-01-01T00:00:00.001Z')
    expect(toIso(LATEST_PRINTABLE_MS + 1)).toBe('+010000-01-01T00:00:00.000Z')
    expect(() => toIso(Number.NaN)).toThrow(RangeError)
  })
})
