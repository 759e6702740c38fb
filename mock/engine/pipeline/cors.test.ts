import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

describe('CORS for browser clients', () => {
  it('answers a preflight for the app-key headers with 204 and the allowed methods', async () => {
    const { request } = await createTestApp()
    const res = await request
      .options('/v1/campaigns')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-app-id, x-app-token, content-type')

    expect(res.status).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(res.headers['access-control-allow-methods']).toContain('POST')
    expect(res.headers['access-control-allow-headers']).toBe('x-app-id, x-app-token, content-type')
  })

  it('lets the browser read the body and the request id of a real call', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get('/v1/campaigns?limit=1').set(headers.app).set('Origin', 'http://localhost:5173')

    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id')
    expectContract(res, 'listCampaigns')
  })

  it('adds nothing for same-origin calls and still refuses a plain OPTIONS with 405', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.options('/v1/campaigns').set(headers.app)

    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.status).toBe(405)
  })
})
