import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'
import type { CampaignsList } from '../../../src/types/index.js'
import type { OperationHandlers } from '../handler-types.js'

const emptyList: CampaignsList = { object: 'list', data_ref: 'campaigns', campaigns: [], total: 0 }
// The pipeline is tested on its own: listCampaigns answers a fixed page whatever the campaigns code does.
const handlers: OperationHandlers = { listCampaigns: () => ({ status: 200, body: emptyList }) }

describe('routing', () => {
  it('answers an unknown path with 404 not_found in the Error format', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const res = await request.get('/v1/nothing-here').set(headers.app)

    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'route', resource_id: '/v1/nothing-here' })
    expect(res.body.request_id).toBe(res.headers['x-request-id'])
  })

  it('answers a known path with a wrong method with 405 and an Allow header', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const res = await request.delete('/v1/validations').set(headers.app)

    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('POST')
    expect(res.body).toMatchObject({ code: 405, key: 'method_not_allowed' })
    expect(res.body.details).toContain('POST')
  })

  it('serves a path with a trailing slash like the path without it', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const res = await request.get('/v1/campaigns/').set(headers.app)

    expect(res.status).toBe(200)
  })
})

describe('request bodies', () => {
  it('accepts a GET with Content-Type application/json and no body, as the real SDK sends', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const res = await request.get('/v1/campaigns').set(headers.app).set('Content-Type', 'application/json')

    expect(res.status).toBe(200)
    expectContract(res, 'listCampaigns')
  })

  it('rejects malformed JSON with 400 invalid_payload', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).set('Content-Type', 'application/json').send('{"name": "x",')

    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Malformed JSON' })
    expectContract(res, 'createCategory')
  })

  it('rejects a body in a content type the operation does not take with 400 invalid_payload', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).set('Content-Type', 'text/plain').send('name=x')

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect(res.body.details).toContain('application/json')
    expectContract(res, 'createCategory')
  })

  it('rejects a body over 1 MiB with 413 query_too_large and stores nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const before = deps.projects.get('proj_demo0001')?.categories.size
    const res = await request.post('/v1/categories').set(headers.app).send({ name: 'x'.repeat(1024 * 1024), hierarchy: 1 })

    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ code: 413, key: 'query_too_large' })
    expect(deps.projects.get('proj_demo0001')?.categories.size).toBe(before)
  })

  it('rejects a missing body with 400 invalid_payload naming the fields', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).set('Content-Type', 'application/json')

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expectContract(res, 'createCategory')
  })
})

describe('request validation', () => {
  it('answers a query violation with 400 invalid_query_params naming the parameter', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const res = await request.get('/v1/campaigns?limit=101').set(headers.app)

    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_query_params', details: 'limit: must be <= 100' })
  })

  it('answers a body violation with 400 invalid_payload naming each field, and changes nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const before = deps.projects.get('proj_demo0001')?.categories.size
    const res = await request.post('/v1/categories').set(headers.app).send({ hierarchy: -1 })

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect(res.body.details).toContain("'name'")
    expect(res.body.details).toContain('hierarchy: must be >= 0')
    expect(deps.projects.get('proj_demo0001')?.categories.size).toBe(before)
    expectContract(res, 'createCategory')
  })

  it('answers createCampaign body violations with invalid_campaign', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/campaigns').set(headers.app).send({ name: 'Referral', campaign_type: 'REFERRAL_PROGRAM', voucher: { type: 'DISCOUNT_VOUCHER' } })

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_campaign')
    expect(res.body.details).toMatch(/discount/)
    expectContract(res, 'createCampaign')
  })
})

describe('request ids', () => {
  it('gives every response an X-Request-Id, honouring a sane incoming one', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const own = await request.get('/v1/campaigns').set(headers.app)
    const given = await request.get('/v1/campaigns').set(headers.app).set('X-Request-Id', 'client-trace-42')
    const insane = await request.get('/v1/campaigns').set(headers.app).set('X-Request-Id', 'a b <script>')

    expect(own.headers['x-request-id']).toMatch(/^v-[0-9a-f]+$/)
    expect(given.headers['x-request-id']).toBe('client-trace-42')
    expect(insane.headers['x-request-id']).toMatch(/^v-/)
    expect(own.headers['x-request-id']).not.toBe(insane.headers['x-request-id'])
  })
})

describe('handler failures', () => {
  it('turns an unexpected exception into a logged 500 internal_error', async () => {
    const boom: OperationHandlers = { listCampaigns: () => { throw new Error('boom') } }
    const { request, headers } = await createTestApp({ handlers: boom })
    const res = await request.get('/v1/campaigns').set(headers.app)

    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ code: 500, key: 'internal_error' })
    expect(JSON.stringify(res.body)).not.toContain('boom')
  })
})
