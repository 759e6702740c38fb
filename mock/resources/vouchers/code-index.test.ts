import { describe, expect, it } from 'vitest'
import { CodeIndex } from './code-index.js'
import { hashString } from './code-list.js'

/** An index over an array of codes: slot i holds codes[i]. */
function indexOver(codes: string[]): CodeIndex {
  return new CodeIndex({ slotHasCode: (slot, code) => codes[slot] === code, slotsEqual: (a, b) => codes[a] === codes[b] }, 16)
}

describe('CodeIndex growing in steps', () => {
  it('finds every code while its table grows, and a claim or a release meanwhile finishes the move first', () => {
    const codes = Array.from({ length: 300 }, (_, i) => `C-${i}`)
    const index = indexOver(codes)
    for (let slot = 0; slot < 200; slot++) expect(index.claim(slot, hashString(codes[slot]))).toBe(true)
    const steps = index.reserveSteps(100_000, 10)
    let moved = 0
    while (moved < 5 && !steps.next().done) moved++
    expect(moved).toBe(5)
    // half-way through the move: lookups read the table still in use
    for (let slot = 0; slot < 200; slot++) expect(index.find(codes[slot], hashString(codes[slot]))).toBe(slot)
    expect(index.find('C-250', hashString('C-250'))).toBe(-1)
    // a change finishes the move, then lands in the new table
    expect(index.claim(250, hashString('C-250'))).toBe(true)
    expect(index.claim(0, hashString('C-0'))).toBe(false)
    index.release(3, hashString('C-3'))
    expect(steps.next().done).toBe(true)
    for (let slot = 0; slot < 200; slot++) expect(index.find(codes[slot], hashString(codes[slot]))).toBe(slot === 3 ? -1 : slot)
    expect(index.find('C-250', hashString('C-250'))).toBe(250)
    expect(index.size).toBe(200)
  })

  it('a table already big enough is not moved', () => {
    const index = indexOver(['A'])
    expect(index.reserveSteps(3, 1).next().done).toBe(true)
  })
})
