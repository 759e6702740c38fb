import { describe, expect, it } from 'vitest'
import { CALLS, missListCall } from './calls.js'

describe('the cache-miss list call', () => {
  it('takes 600 distinct, valid list queries in turn (pages 1 to 100 in each of the six orders)', () => {
    const { paths } = missListCall()
    expect(new Set(paths).size).toBe(600)
    for (const path of paths!) expect(path).toMatch(/^\/v1\/campaigns\?limit=10&page=([1-9]|[1-9]\d|100)&order=-?(created_at|updated_at|name)$/)
    expect(CALLS.listMiss).toContain('600 distinct queries')
  })
})
