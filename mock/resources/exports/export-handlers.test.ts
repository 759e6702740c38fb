import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, toIso } from '../../../src/clock.js'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'
import { parseCsv } from './csv.js'

const exportPath = (campaign: string) => `/v1/campaigns/${encodeURIComponent(campaign)}/transactions/export`

async function startExport(t: TestApp, campaign: string, body: object = {}) {
  const res = await t.request.post(exportPath(campaign)).set(t.headers.app).send(body)
  expectContract(res, 'exportCampaignTransactions')
  return res
}

/** The path + query of `result.url`, to fetch it through supertest. */
const local = (url: string): string => {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

describe('POST /v1/campaigns/{campaignId}/transactions/export', () => {
  it('schedules an export of a gift campaign, echoing the sent parameters plus junction and campaign_id', async () => {
    const t = await createTestApp()
    const filters = { created_at: { conditions: { $after: ['2026-01-01T00:00:00.000Z'] } }, voucher_id: { conditions: { $in: ['v_demo0012'] } } }
    const res = await startExport(t, 'camp_demo0002', { order: '-created_at', parameters: { fields: ['id', 'amount', 'balance'], filters } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      object: 'export',
      created_at: toIso(FIXTURE_EPOCH),
      status: 'SCHEDULED',
      channel: 'API',
      exported_object: 'voucher_transactions',
      result: null,
      user_id: null,
    })
    expect(res.body.id).toMatch(/^exp_/)
    expect(res.body.parameters).toEqual({
      order: '-created_at',
      fields: ['id', 'amount', 'balance'],
      filters: { junction: 'AND', ...filters, campaign_id: { conditions: { $in: ['camp_demo0002'] } } },
    })
  })

  it('takes the campaign name instead of the id, and loyalty campaigns too', async () => {
    const t = await createTestApp()
    const byName = await startExport(t, 'Gift cards $100')
    expect(byName.status).toBe(200)
    expect(byName.body.parameters.filters.campaign_id.conditions.$in).toEqual(['camp_demo0002'])
    const loyalty = await startExport(t, 'camp_demo0003', { parameters: { order: 'created_at' } })
    expect(loyalty.status).toBe(200)
    expect(loyalty.body.parameters).toMatchObject({ order: 'created_at', filters: { campaign_id: { conditions: { $in: ['camp_demo0003'] } } } })
  })

  it('answers 403 forbidden for discount, promotion and referral campaigns', async () => {
    const t = await createTestApp()
    for (const campaign of ['camp_demo0001', 'camp_demo0004', 'camp_demo0005']) {
      const res = await startExport(t, campaign)
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ code: 403, key: 'forbidden', details: 'Transactions are allowed only for loyalty or gift campaigns' })
    }
  })

  it('answers 404 campaign for an unknown campaign and for one of the other project', async () => {
    const t = await createTestApp()
    const unknown = await startExport(t, 'camp_nope')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_id: 'camp_nope', resource_type: 'campaign' })
    const other = await t.request.post(exportPath('camp_demo0002')).set(t.headers.appB).send({})
    expectContract(other, 'exportCampaignTransactions')
    expect(other.status).toBe(404)
  })

  it('answers 404 with Retry-After while the campaign is still generating its cards', async () => {
    const t = await createTestApp()
    const created = await t.request
      .post('/v1/campaigns')
      .set(t.headers.app)
      .send({ name: 'Fresh gift cards', campaign_type: 'GIFT_VOUCHERS', vouchers_count: 2000, voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } } })
    expect(created.status).toBe(200)
    const res = await startExport(t, created.body.id)
    expect(res.status).toBe(404)
    expect(res.headers['retry-after']).toBeDefined()
    t.clock.advance(2_000)
    expect((await startExport(t, created.body.id)).status).toBe(200)
  })

  it('rejects an unknown field with 400 and creates nothing', async () => {
    const t = await createTestApp()
    const res = await startExport(t, 'camp_demo0002', { parameters: { fields: ['id', 'colour'] } })
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect(t.deps.projects.get('proj_demo0001')?.exports.list()).toEqual([])
  })
})

describe('GET /v1/exports/{exportId}', () => {
  it('moves SCHEDULED -> IN_PROGRESS -> DONE on the clock, then offers result.url', async () => {
    const t = await createTestApp()
    const { body } = await startExport(t, 'camp_demo0002')
    const statusAfter = async (ms: number) => {
      t.clock.advance(ms)
      const res = await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)
      expectContract(res, 'getExport')
      return res.body
    }
    expect((await statusAfter(999)).status).toBe('SCHEDULED')
    expect(await statusAfter(1)).toMatchObject({ status: 'IN_PROGRESS', result: null })
    expect((await statusAfter(1_999)).status).toBe('IN_PROGRESS')
    const done = await statusAfter(1)
    expect(done.status).toBe('DONE')
    expect(done.result.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/v1/exports/${body.id}\\?token=[\\w-]+$`))
  })

  it('serves the CSV at result.url: the requested columns, the rows up to DONE time, RFC 4180 quoting', async () => {
    const t = await createTestApp()
    const fields = ['id', 'type', 'amount', 'balance', 'reason', 'voucher_id']
    const { body } = await startExport(t, 'camp_demo0003', { parameters: { order: 'created_at', fields } })
    const transactions = t.deps.projects.get('proj_demo0001')!.transactions
    t.clock.advance(1_500)
    const during = transactions.record({ voucher_id: 'v_demo0021', campaign_id: 'camp_demo0003', type: 'POINTS_REDEMPTION', amount: -100, balance: 1100, reason: 'coffee, large' })
    t.clock.advance(1_500)
    const done = await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)
    t.clock.advance(1)
    transactions.record({ voucher_id: 'v_demo0021', campaign_id: 'camp_demo0003', type: 'POINTS_ACCRUAL', amount: 5, balance: 1105 })

    const file = await t.request.get(local(done.body.result.url))
    expectContract(file, 'getExport')
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')
    const rows = parseCsv(file.text)
    expect(rows[0]).toEqual(fields)
    expect(rows.slice(1).map((r) => r[0])).toEqual(['vtx_demo0003', 'vtx_demo0004', 'vtx_demo0005', during.id])
    expect(rows[3]).toEqual(['vtx_demo0005', 'POINTS_REDEMPTION', '-200', '300', 'Paid with points, "Free coffee" x2', 'v_demo0022'])
    expect(file.text).toContain('"Paid with points, ""Free coffee"" x2"')
    expect(rows[4]).toEqual([during.id, 'POINTS_REDEMPTION', '-100', '1100', 'coffee, large', 'v_demo0021'])
  })

  it('uses the default columns and the filters when no fields are sent', async () => {
    const t = await createTestApp()
    const filters = { voucher_id: { conditions: { $in: ['v_demo0013'] } } }
    const { body } = await startExport(t, 'camp_demo0002', { parameters: { filters } })
    t.clock.advance(3_000)
    const done = await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)
    const rows = parseCsv((await t.request.get(local(done.body.result.url))).text)
    expect(rows[0]).toEqual(['id', 'type', 'source_id', 'reason', 'balance', 'amount', 'created_at', 'voucher_id'])
    expect(rows.slice(1)).toEqual([['vtx_demo0002', 'CREDITS_REDEMPTION', 'order_demo_1002', '', '0', '-10000', '2026-01-10T16:00:00.000Z', 'v_demo0013']])
  })

  it('refuses a wrong token (401), an unknown export (404) and a file that is not ready (404)', async () => {
    const t = await createTestApp()
    const { body } = await startExport(t, 'camp_demo0002')
    const notReady = await t.request.get(`/v1/exports/${body.id}`).query({ token: 'x' })
    expectContract(notReady, 'getExport')
    expect(notReady.status).toBe(401)
    t.clock.advance(3_000)
    const done = await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)
    const wrong = await t.request.get(`/v1/exports/${body.id}`).query({ token: 'not-the-token' })
    expectContract(wrong, 'getExport')
    expect(wrong.status).toBe(401)
    expect(wrong.body.key).toBe('unauthorized')
    const unknown = await t.request.get('/v1/exports/exp_nope').query({ token: new URL(done.body.result.url).searchParams.get('token') })
    expectContract(unknown, 'getExport')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ resource_id: 'exp_nope', resource_type: 'export' })
  })

  it('answers 404 for an unknown export and for an export of the other project', async () => {
    const t = await createTestApp()
    const { body } = await startExport(t, 'camp_demo0002')
    for (const [id, creds] of [['exp_nope', t.headers.app], [body.id, t.headers.appB]] as const) {
      const res = await t.request.get(`/v1/exports/${id}`).set(creds)
      expectContract(res, 'getExport')
      expect(res.status).toBe(404)
      expect(res.body.resource_type).toBe('export')
    }
  })

  it('stays SCHEDULED for a polling client while set faults on getExport are armed (the generic fault engine, no export hook)', async () => {
    const t = await createTestApp()
    t.deps.faults.add({ operationId: 'getExport', action: 'set', pointer: '/status', value: 'SCHEDULED', whenStatus: 200 })
    t.deps.faults.add({ operationId: 'getExport', action: 'set', pointer: '/result', value: null, whenStatus: 200 })
    const { body } = await startExport(t, 'camp_demo0002')
    t.clock.advance(60_000)
    const res = await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)
    expectContract(res, 'getExport')
    expect(res.body).toMatchObject({ status: 'SCHEDULED', result: null })
    t.deps.faults.clear()
    expect((await t.request.get(`/v1/exports/${body.id}`).set(t.headers.app)).body.status).toBe('DONE')
  })
})
