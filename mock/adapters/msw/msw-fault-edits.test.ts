import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sequentialIds } from '../../../src/ids.js'
import { createMockHandlers } from './index.js'

// The fault engine is the core's: edits of the request and the answer act the same in-process (MSW, Fetch
// Responses) as on the served mock.
const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token', 'Content-Type': 'application/json' }
const BASE = 'http://faults.test'
const server = setupServer()
beforeAll(async () => {
  const handlers = createMockHandlers({ baseUrl: BASE, clock: 'manual', ids: sequentialIds() })
  await handlers.ready
  server.listen({ onUnhandledRequest: 'error' })
  server.use(...handlers)
})
afterAll(() => server.close())

const arm = (fault: object) => fetch(`${BASE}/_mock/faults`, { method: 'POST', headers: APP, body: JSON.stringify(fault) })

describe('edit and status-rewrite faults under MSW', () => {
  it('rewrites a query parameter, an answer header and a refusal\'s status', async () => {
    expect((await arm({ operationId: 'listCampaigns', action: 'set', in: 'request.query', name: 'limit', value: '1' })).status).toBe(201)
    await arm({ operationId: 'listCampaigns', action: 'set', in: 'response.headers', name: 'x-deployment', value: 'edge-7' })
    const list = await fetch(`${BASE}/v1/campaigns?limit=3`, { headers: APP })
    expect(list.headers.get('x-deployment')).toBe('edge-7')
    expect(((await list.json()) as { campaigns: unknown[] }).campaigns).toHaveLength(1)

    await arm({ operationId: 'getCampaign', action: 'status', status: 200, whenStatus: 404 })
    const missing = await fetch(`${BASE}/v1/campaigns/camp_pkNoSuchCampaign00`, { headers: APP })
    expect(missing.status).toBe(200)
    expect(await missing.json()).toMatchObject({ code: 200, key: 'not_found' })
  })
})
