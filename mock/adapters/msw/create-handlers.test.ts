import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadFixtureSet } from '../../../fixtures/load.js'
import { sequentialIds } from '../../../src/ids.js'
import { expectContract, useValidator } from '../../testing/index.js'
import { createMockHandlers } from './index.js'

// createMockHandlers as a team's Node tests use it: setupServer, a base URL of their own, the
// mock's control methods, a network fault, fixtures in memory. Answers are the spec's.

const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
const JSON_TYPE = { 'Content-Type': 'application/json' }
const BASE = 'http://promokit.test/api'

const handlers = createMockHandlers({ baseUrl: BASE, clock: 'manual', ids: sequentialIds() })
const server = setupServer(...handlers)
beforeAll(async () => {
  useValidator((await handlers.ready).validator)
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => {
  server.close()
})

const call = (path: string, init: RequestInit = {}) => fetch(`${BASE}${path}`, { ...init, headers: { ...APP, ...JSON_TYPE, ...init.headers } })
const json = async (res: Response) => ({ status: res.status, headers: Object.fromEntries(res.headers), body: (await res.json()) as any })

describe('createMockHandlers under a base URL with a path', () => {
  it('answers the API below the path, and a download URL it builds keeps the path', async () => {
    const list = await json(await call('/v1/campaigns?limit=2'))
    expectContract(list, 'listCampaigns')
    expect(list.body.campaigns).toHaveLength(2)

    const exported = await json(await call('/v1/campaigns/camp_demo0002/transactions/export', { method: 'POST', body: '{}' }))
    expectContract(exported, 'exportCampaignTransactions')
    expect(await handlers.finishJobs()).toBeGreaterThan(0)
    const done = await json(await call(`/v1/exports/${exported.body.id}`))
    expectContract(done, 'getExport')
    expect(done.body.status).toBe('DONE')
    expect(done.body.result.url).toMatch(/^http:\/\/promokit\.test\/api\/v1\/exports\/exp_\w+\?token=/)
    const csv = await fetch(done.body.result.url)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect((await csv.text()).split('\n')[0]).toContain('id')
  })

  it('leaves requests outside the base URL alone', async () => {
    await expect(fetch('http://promokit.test/v1/campaigns', { headers: APP })).rejects.toThrow()
  })

  it('generation moves with advance(); reset() restores the fixtures', async () => {
    const body = JSON.stringify({ name: 'Black Friday', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 30 } } })
    const created = await json(await call('/v1/campaigns', { method: 'POST', body }))
    expectContract(created, 'createCampaign')
    expect(created.body.vouchers_generation_status).toBe('IN_PROGRESS')
    await handlers.advance(10_000)
    const got = await json(await call(`/v1/campaigns/${created.body.id}`))
    expectContract(got, 'getCampaign')
    expect(got.body).toMatchObject({ vouchers_generation_status: 'DONE', vouchers_count: 3000 })

    await handlers.reset()
    const gone = await json(await call(`/v1/campaigns/${created.body.id}`))
    expectContract(gone, 'getCampaign')
    expect(gone.status).toBe(404)
  })

  it('a network fault armed through the control API is a network error for fetch, once', async () => {
    const armed = await call('/_mock/faults', { method: 'POST', body: JSON.stringify({ operationId: 'listCampaigns', action: 'reset', times: 1 }) })
    expect(armed.status).toBe(201)
    await expect(call('/v1/campaigns')).rejects.toThrow(TypeError)
    expect((await call('/v1/campaigns')).status).toBe(200)
  })

  it('Prefer: code=409 fails that one request with the documented error, and changes nothing', async () => {
    const body = JSON.stringify({ name: 'Only once', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } })
    const refused = await json(await call('/v1/campaigns', { method: 'POST', body, headers: { Prefer: 'code=409' } }))
    expectContract(refused, 'createCampaign')
    expect(refused.body).toMatchObject({ code: 409, key: 'duplicate_found', request_id: refused.headers['x-request-id'] })
    expect((await call('/v1/campaigns/Only%20once')).status).toBe(404)
  })
})

describe('createMockHandlers options', () => {
  it('fixtures given as a set in memory replace the bundled ones', async () => {
    const bundled = loadFixtureSet()
    const [first, ...rest] = bundled.campaigns.proj_demo0001
    const fixtures = { ...bundled, campaigns: { ...bundled.campaigns, proj_demo0001: [{ ...first, name: 'Renamed in the fixtures' }, ...rest] } }
    const own = createMockHandlers({ baseUrl: 'http://own.test', fixtures, clock: 'manual' })
    server.use(...own)
    const got = await json(await fetch('http://own.test/v1/campaigns/camp_demo0001', { headers: APP }))
    expectContract(got, 'getCampaign')
    expect(got.body.name).toBe('Renamed in the fixtures')
    expect((await json(await call('/v1/campaigns/camp_demo0001'))).body.name).toBe('Welcome 10% off')
    server.resetHandlers()
  })

  it('by default answers at the served mock\'s address (with its port), so an app configured for `promokit mock` works unchanged', async () => {
    const byDefault = createMockHandlers({ clock: 'manual' })
    server.use(...byDefault)
    const list = await json(await fetch('http://127.0.0.1:4010/v1/campaigns?limit=1', { headers: APP }))
    expectContract(list, 'listCampaigns')
    expect(list.body.campaigns).toHaveLength(1)
    await expect(fetch('http://127.0.0.1:4011/v1/campaigns', { headers: APP })).rejects.toThrow()
    server.resetHandlers()
  })

  it('a broken fixture set fails `ready` and every request with the reason', async () => {
    const broken = createMockHandlers({ baseUrl: 'http://broken.test', fixtures: { campaigns: { proj_demo0001: [{ id: 'nope' }] } } })
    await expect(broken.ready).rejects.toThrow(/campaigns.*id/)
    server.use(...broken)
    const res = await fetch('http://broken.test/v1/campaigns', { headers: APP })
    expect(res.status).toBe(500)
    expect(await res.text()).toMatch(/campaigns.*id/)
    server.resetHandlers()
  })
})
