import express, { type NextFunction, type Request, type Response } from 'express'
import supertest from 'supertest'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../mock/adapters/express-app.js'
import { createTestApp, expectContract } from '../../mock/testing/index.js'

// Issue 15, defect 2: the mock mounted inside a host app that has middleware, locals and a body parser of its own.
async function hostWithMock(parsers: Array<express.RequestHandler>) {
  const { deps, headers } = await createTestApp()
  const host = express()
  host.use((_req: Request, res: Response, next: NextFunction) => {
    res.locals.path = '/host'
    res.locals.requestId = 'host-request-id'
    res.locals.operationId = 'hostOperation'
    res.locals.journalAt = 0
    next()
  })
  for (const parser of parsers) host.use(parser)
  host.use('/api', createMockApp(deps))
  host.get('/host', (_req, res) => {
    res.json({ host: true, path: res.locals.path })
  })
  return { request: supertest(host), headers, deps }
}

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'tier' }] } })

describe('createMockApp mounted in a host app', () => {
  it('routes by its own path, not the host locals, and answers with its own request id', async () => {
    const { request, headers } = await hostWithMock([])
    const res = await request.get('/api/v1/campaigns?limit=1').set(headers.app)
    expect(res.status).toBe(200)
    expectContract(res, 'listCampaigns')
    expect(res.headers['x-request-id']).not.toBe('host-request-id')
    const host = await request.get('/host')
    expect(host.body).toEqual({ host: true, path: '/host' })
  })

  it('reads the body a host express.json() already parsed', async () => {
    const { request, headers, deps } = await hostWithMock([express.json(), express.urlencoded({ extended: false })])
    const created = await request.post('/api/v1/campaigns').set(headers.app).send(promotion('embedded'))
    expect(created.status).toBe(200)
    expectContract(created, 'createCampaign')
    expect(created.body.name).toBe('embedded')
    const duplicate = await request.post('/api/v1/campaigns').set(headers.app).send(promotion('embedded'))
    expect(duplicate.status).toBe(409)
    expectContract(duplicate, 'createCampaign')
    const invalid = await request.post('/api/v1/categories').set(headers.app).send({ hierarchy: 1 })
    expect(invalid.status).toBe(400)
    expectContract(invalid, 'createCategory')
    expect(invalid.body.request_id).toBe(invalid.headers['x-request-id'])
    const token = await request.post('/api/v1/oauth/token').set(headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api' })
    expect(token.status).toBe(200)
    expectContract(token, 'createOAuthToken')
    expect(deps.journal.list().map((entry) => entry.operationId)).toEqual(expect.arrayContaining(['createCampaign', 'createCategory', 'createOAuthToken']))
  })

  it('reads bytes a host express.text() or express.raw() kept', async () => {
    const { request, headers } = await hostWithMock([express.text({ type: 'application/json' })])
    const created = await request.post('/api/v1/categories').set(headers.app).set('Content-Type', 'application/json').send('{"name":"as text","hierarchy":2}')
    expect(created.status).toBe(200)
    expectContract(created, 'createCategory')
    const raw = await hostWithMock([express.raw({ type: 'application/json' })])
    const malformed = await raw.request.post('/api/v1/categories').set(raw.headers.app).set('Content-Type', 'application/json').send('{"name":')
    expect(malformed.status).toBe(400)
    expectContract(malformed, 'createCategory')
  })
})
