import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

const ORIGIN = 'http://localhost:5173'

describe('credentialed CORS', () => {
  it('allows credentials for an echoed origin, on the preflight and on the call', async () => {
    const { request, headers } = await createTestApp()
    const preflight = await request.options('/v1/campaigns').set('Origin', ORIGIN).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'x-app-id, x-app-token')
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-credentials']).toBe('true')
    const res = await request.get('/v1/campaigns?limit=1').set(headers.app).set('Origin', ORIGIN)
    expectContract(res, 'listCampaigns')
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    expect(res.headers.vary).toContain('Origin')
  })

  it('with an allowed-origins list, answers only those origins; others get no CORS header and change nothing', async () => {
    const { request, headers, deps } = await createTestApp({ config: { corsOrigins: [ORIGIN, 'https://shop.example'] } })
    const allowed = await request.get('/v1/campaigns?limit=1').set(headers.app).set('Origin', 'https://shop.example')
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example')

    const preflight = await request.options('/v1/campaigns').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST')
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined()
    const before = deps.projects.all()[0].campaigns.size
    const other = await request.get('/v1/campaigns?limit=1').set(headers.app).set('Origin', 'http://evil.example')
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    expect(deps.projects.all()[0].campaigns.size).toBe(before)
  })
})
