import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'
import { parseCsv } from './csv.js'

/** Starts an export of the loyalty campaign, runs it to DONE on the clock and answers its CSV rows. */
async function exportRows(t: TestApp, body: object): Promise<{ parameters: unknown; ids: string[] }> {
  const res = await t.request.post('/v1/campaigns/camp_demo0003/transactions/export').set(t.headers.app).send(body)
  expectContract(res, 'exportCampaignTransactions')
  expect(res.status).toBe(200)
  t.clock.advance(3_000)
  const done = await t.request.get(`/v1/exports/${res.body.id}`).set(t.headers.app)
  expect(done.body.status).toBe('DONE')
  const url = new URL(done.body.result.url)
  const file = await t.request.get(`${url.pathname}${url.search}`)
  expectContract(file, 'getExport')
  return { parameters: res.body.parameters, ids: parseCsv(file.text).slice(1).map((row) => row[0]) }
}

describe('export created_at filter: both documented shapes, and SDK nulls', () => {
  it('reads {$after} and {conditions: {$after: [..]}} alike, and an SDK body full of nulls as the same request', async () => {
    const t = await createTestApp()
    const after = '2026-01-09T00:00:00.000Z'
    const all = await exportRows(t, { parameters: { order: 'created_at', fields: ['id', 'created_at'] } })
    const direct = await exportRows(t, { parameters: { order: 'created_at', fields: ['id', 'created_at'], filters: { created_at: { $after: after } } } })
    const nested = await exportRows(t, { parameters: { order: 'created_at', fields: ['id', 'created_at'], filters: { created_at: { conditions: { $after: [after] } } } } })
    const sdk = await exportRows(t, {
      order: null,
      parameters: {
        order: 'created_at',
        fields: ['id', 'created_at'],
        filters: { junction: null, voucher_id: null, created_at: { conditions: { $after: [after], $before: null, $more_than: null }, $before: null } },
      },
    })
    expect(all.ids.length).toBeGreaterThan(direct.ids.length)
    expect(direct.ids.length).toBeGreaterThan(0)
    expect(nested.ids).toEqual(direct.ids)
    expect(sdk.ids).toEqual(direct.ids)
    // the nulls are not echoed: the answer is the one the request without them gets
    expect(sdk.parameters).toEqual(nested.parameters)
  })
})
