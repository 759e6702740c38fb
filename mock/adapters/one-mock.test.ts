import { setupServer } from 'msw/node'
import supertest from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sequentialIds } from '../../src/ids.js'
import { createMockHandlers } from './msw/index.js'
import { createTestApp } from '../testing/create-test-app.js'

// Issue 23 §2: every entry point wraps one mock. Request ids count per core, so ids that run on across
// adapters show one core behind them (two cores would each start at ...01), and state seen by one adapter
// is the other's.

const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
const idOf = (n: number) => `v-0000000000${n.toString(16).padStart(8, '0')}`

describe('the test app', () => {
  it('serves one mock through the Express app, the node:http listener and handle()', async () => {
    const t = await createTestApp({ ids: sequentialIds() })
    const created = await supertest(t.app).post('/v1/categories').set(t.headers.app).send({ name: 'Made via Express', hierarchy: 1 })
    expect(created.status).toBe(200)
    expect(created.headers['x-request-id']).toBe(idOf(1))
    const listed = await t.request.get('/v1/categories').set(t.headers.app)
    expect(listed.headers['x-request-id']).toBe(idOf(2))
    expect(listed.body.data.map((c: { name: string }) => c.name)).toContain('Made via Express')
    const fetched = await t.mock.handle(new Request(`http://mock.test/v1/categories/${created.body.id}`, { headers: APP }))
    expect(fetched.headers.get('x-request-id')).toBe(idOf(3))
    expect(((await fetched.json()) as { name: string }).name).toBe('Made via Express')
  })
})

describe('MSW handlers under a base path', () => {
  const handlers = createMockHandlers({ baseUrl: 'http://one.test/api', clock: 'manual', ids: sequentialIds() })
  const server = setupServer(...handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('answer with the same mock as handlers.mock (no second core over its state)', async () => {
    const viaMsw = await fetch('http://one.test/api/v1/categories', { method: 'POST', headers: { ...APP, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Made via MSW', hierarchy: 1 }) })
    expect(viaMsw.headers.get('x-request-id')).toBe(idOf(1))
    const { id } = (await viaMsw.json()) as { id: string }
    const mock = await handlers.mock
    const direct = await mock.handle(new Request(`http://one.test/v1/categories/${id}`, { headers: APP }))
    expect(direct.status).toBe(200)
    expect(direct.headers.get('x-request-id')).toBe(idOf(2))
    const again = await fetch(`http://one.test/api/v1/categories/${id}`, { headers: APP })
    expect(again.headers.get('x-request-id')).toBe(idOf(3))
  })
})
