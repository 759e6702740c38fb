import { describe, expect, it } from 'vitest'
import { RequestJournal } from './request-journal.js'

const entry = (n: number) => ({ atMs: n * 1000, requestId: `r${n}`, method: 'GET', path: `/v1/campaigns/${n}`, status: 200 })
const ids = (journal: RequestJournal, limit?: number) => journal.list(limit).map((e) => e.requestId)

describe('RequestJournal', () => {
  it('keeps the newest entries up to its capacity, oldest first, with ISO times', () => {
    const journal = new RequestJournal(3)
    expect(journal.list()).toEqual([])
    for (let n = 1; n <= 2; n++) journal.record(entry(n))
    expect(ids(journal)).toEqual(['r1', 'r2'])
    for (let n = 3; n <= 7; n++) journal.record(entry(n))
    expect(ids(journal)).toEqual(['r5', 'r6', 'r7'])
    expect(journal.list(1)).toEqual([{ at: '1970-01-01T00:00:07.000Z', requestId: 'r7', method: 'GET', path: '/v1/campaigns/7', status: 200 }])
    expect(ids(journal, 2)).toEqual(['r6', 'r7'])
    expect(ids(journal, 10)).toEqual(['r5', 'r6', 'r7'])
    expect(ids(journal, 0)).toEqual([])
  })

  it('starts empty again after clear', () => {
    const journal = new RequestJournal(2)
    for (let n = 1; n <= 5; n++) journal.record(entry(n))
    journal.clear()
    journal.record(entry(9))
    expect(ids(journal)).toEqual(['r9'])
  })
})
