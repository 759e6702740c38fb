import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 13 item 6: the real service's List Exports, each export with the status the clock gives it.
async function exportOf(t: TestApp, campaign: string): Promise<string> {
  const res = await t.request.post(`/v1/campaigns/${campaign}/transactions/export`).set(t.headers.app).send({})
  expect(res.status).toBe(200)
  return res.body.id
}

const list = (t: TestApp, query = '') => t.request.get(`/v1/exports${query}`).set(t.headers.app)
const ids = (res: { body: { exports: Array<{ id: string }> } }) => res.body.exports.map((e) => e.id)

describe('GET /v1/exports', () => {
  it('lists the exports newest first with their current status, as getExport shows each', async () => {
    const t = await createTestApp()
    const first = await exportOf(t, 'camp_demo0002')
    t.clock.advance(2_000)
    const second = await exportOf(t, 'camp_demo0003')
    const res = await list(t)
    expectContract(res, 'listExports')
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'exports', total: 2 })
    expect(ids(res)).toEqual([second, first])
    expect(res.body.exports.map((e: { status: string }) => e.status)).toEqual(['SCHEDULED', 'IN_PROGRESS'])
    for (const listed of res.body.exports) {
      const one = await t.request.get(`/v1/exports/${listed.id}`).set(t.headers.app)
      expect(one.body).toEqual(listed)
    }
    t.clock.advance(10_000)
    const later = await list(t)
    expect(later.body.exports.every((e: { status: string; result: { url: string } | null }) => e.status === 'DONE' && e.result?.url.includes('token='))).toBe(true)
  })

  it('orders by created_at or status either way, and pages with a total of all', async () => {
    const t = await createTestApp()
    const made: string[] = []
    for (let i = 0; i < 3; i++) {
      made.push(await exportOf(t, 'camp_demo0002'))
      t.clock.advance(1_500)
    }
    // 4.5 s, 3 s and 1.5 s old: DONE, DONE, IN_PROGRESS (so ties in status are ordered by created_at)
    const statuses = Object.fromEntries((await list(t)).body.exports.map((e: { id: string; status: string }) => [e.id, e.status]))
    const byStatus = [...made].sort((a, b) => (statuses[a] < statuses[b] ? -1 : statuses[a] > statuses[b] ? 1 : made.indexOf(a) - made.indexOf(b)))
    const cases: Array<[string, string[]]> = [
      ['?order=created_at', made],
      ['?order=-created_at', [...made].reverse()],
      ['?order=status', byStatus],
      ['?order=-status', [...byStatus].reverse()],
    ]
    for (const [query, expected] of cases) {
      const res = await list(t, query)
      expectContract(res, 'listExports')
      expect(ids(res), query).toEqual(expected)
    }
    expect(new Set(Object.values(statuses)).size).toBeGreaterThan(1)
    const pages = await Promise.all([1, 2, 3].map((page) => list(t, `?order=created_at&limit=2&page=${page}`)))
    expect(pages.map(ids)).toEqual([made.slice(0, 2), made.slice(2), []])
    expect(pages.every((p) => p.body.total === 3)).toBe(true)
  })

  it("shows only the caller's project and refuses a bad order or limit with 400", async () => {
    const t = await createTestApp()
    await exportOf(t, 'camp_demo0002')
    const b = await t.request.get('/v1/exports').set(t.headers.appB)
    expectContract(b, 'listExports')
    expect(b.body).toMatchObject({ exports: [], total: 0 })
    for (const query of ['?order=name', '?limit=0', '?page=0']) {
      const res = await list(t, query)
      expectContract(res, 'listExports')
      expect(res.status, query).toBe(400)
      expect(res.body.key).toBe('invalid_query_params')
    }
  })
})
