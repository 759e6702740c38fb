import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LATEST_PRINTABLE_MS, normaliseIso, toIso } from './clock.js'

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

describe('normaliseIso', () => {
  const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''))
  // every field in range or just past it: Feb 29/30, day 31 of short months, 24:00, :60
  const shaped = fc
    .tuple(digits(4), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }), digits(3))
    .map(([y, mo, d, h, mi, s, ms]) => `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${ms}Z`)
  const viaDate = (value: string): string | undefined => (Number.isNaN(Date.parse(value)) ? undefined : new Date(Date.parse(value)).toISOString())

  it('answers what a parse and a format answer, for every string shaped like a timestamp', () => {
    fc.assert(
      fc.property(shaped, (value) => {
        expect(normaliseIso(value)).toBe(viaDate(value))
      }),
      { numRuns: 20_000 },
    )
  })

  it('writes other forms the API way and refuses what is no date', () => {
    expect(normaliseIso('2026-01-15T09:00:00Z')).toBe('2026-01-15T09:00:00.000Z')
    expect(normaliseIso('2026-01-15T10:00:00+01:00')).toBe('2026-01-15T09:00:00.000Z')
    expect(normaliseIso('2026-02-29T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z')
    expect(normaliseIso('2024-02-29T00:00:00.000Z')).toBe('2024-02-29T00:00:00.000Z')
    expect(normaliseIso('soon')).toBeUndefined()
    expect(normaliseIso('2026-13-01T00:00:00.000Z')).toBeUndefined()
  })
})

const pad = (n: number): string => String(n).padStart(2, '0')
