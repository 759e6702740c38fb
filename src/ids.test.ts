import { describe, expect, it } from 'vitest'
import { randomIds, sequentialIds } from './ids.js'

describe('ids', () => {
  it('random ids: prefix, 20 base-62 characters, no repeats across many pool refills', () => {
    const ids = randomIds()
    const seen = new Set<string>()
    // 4096-byte pool, 20 bytes an id: 10,000 ids cross about 50 refills
    for (let i = 0; i < 10_000; i++) {
      const id = ids.next('camp')
      expect(id).toMatch(/^camp_[0-9a-zA-Z]{20}$/)
      seen.add(id)
    }
    expect(seen.size).toBe(10_000)
  })

  it('random ids use the whole alphabet, not a stuck slice of the pool', () => {
    const ids = randomIds()
    const chars = new Set([...Array.from({ length: 500 }, () => ids.next('x').slice(2))].join(''))
    expect(chars.size).toBe(62)
  })

  it('sequential ids count per prefix and start again after reset', () => {
    const ids = sequentialIds('t')
    expect([ids.next('camp'), ids.next('camp'), ids.next('promo')]).toEqual(['camp_t0001', 'camp_t0002', 'promo_t0001'])
    ids.reset()
    expect(ids.next('camp')).toBe('camp_t0001')
  })
})
