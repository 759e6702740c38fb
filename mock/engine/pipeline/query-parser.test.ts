import fc from 'fast-check'
import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { parseQuery } from './query-parser.js'

// Pieces that exercise every branch: separators, escapes (valid and broken), plus signs, prototype names.
const piece = fc.constantFrom('a', 'b', 'limit', '10', '=', '&', '+', '%20', '%E2%82%AC', '%FF', '%', '.', '__proto__', 'constructor', 'toString', '[', ']', '%5B', '%5d', '0')
const queryString = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''))

describe('parseQuery (the mock\'s query parser)', () => {
  it('answers exactly what Express\'s extended parser (qs) answers', () => {
    fc.assert(
      fc.property(queryString, (query) => {
        const ours = parseQuery(query, () => qs)
        const theirs = qs.parse(query, { allowPrototypes: true })
        expect(ours).toEqual(theirs)
        expect(Object.keys(ours)).toEqual(Object.keys(theirs))
        expect(Object.getPrototypeOf(ours)).toBe(Object.prototype)
      }),
      { numRuns: 3000 },
    )
  })

  it('keeps repeated keys, nesting and the parameter limit as qs does', () => {
    expect(parseQuery('campaign_type=PROMOTION&campaign_type=DISCOUNT_COUPONS', () => qs)).toEqual({ campaign_type: ['PROMOTION', 'DISCOUNT_COUPONS'] })
    expect(parseQuery('filters[name][conditions][$in][0]=x', () => qs)).toEqual({ filters: { name: { conditions: { $in: ['x'] } } } })
    const many = Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&')
    expect(Object.keys(parseQuery(many, () => qs))).toHaveLength(1000)
    expect(parseQuery(undefined, () => qs)).toEqual({})
  })
})
