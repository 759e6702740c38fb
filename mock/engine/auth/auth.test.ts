import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

const category = { name: 'Seasonal', hierarchy: 3 }

async function bearer(t: Awaited<ReturnType<typeof createTestApp>>, scope: string): Promise<string> {
  const res = await t.request.post('/v1/oauth/token').set(t.headers.app).type('form').send({ grant_type: 'client_credentials', scope })
  expect(res.status).toBe(200)
  return res.body.access_token as string
}

describe('application keys on /v1', () => {
  it.each([
    ['no credentials', {}, /Missing X-App-Id and X-App-Token/],
    ['only X-App-Id', { 'X-App-Id': 'promokit-app-id' }, /missing X-App-Token/i],
    ['only X-App-Token', { 'X-App-Token': 'promokit-app-token' }, /missing X-App-Id/i],
    ['an unknown app id', { 'X-App-Id': 'nobody', 'X-App-Token': 'promokit-app-token' }, /not a known application id/],
    ['a wrong token', { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'wrong-secret' }, /X-App-Token is wrong/],
    ['project B id with project A token', { 'X-App-Id': 'promokit-app-id-2', 'X-App-Token': 'promokit-app-token' }, /X-App-Token is wrong/],
  ])('rejects %s with 401 unauthorized', async (_case, given, details) => {
    const { request, deps } = await createTestApp()
    const res = await request.post('/v1/categories').set(given).send(category)

    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' })
    expect(res.body.details).toMatch(details)
    expect(JSON.stringify(res.body)).not.toContain('wrong-secret')
    expect(deps.projects.get('proj_demo0001')?.categories.findByName('Seasonal')).toBeUndefined()
    expectContract(res, 'createCategory')
  })

  it('accepts both keys and acts on their project', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.appB).send(category)

    expect(res.status).toBe(200)
    expect(deps.projects.get('proj_demo0002')?.categories.find(res.body.id)).toBeDefined()
    expect(deps.projects.get('proj_demo0001')?.categories.find(res.body.id)).toBeUndefined()
  })
})

describe('management keys on /management/v1', () => {
  const path = '/management/v1/projects/proj_demo0001/metadata-schemas/ms_unknown'

  it('rejects application keys with 401 saying management keys are needed', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get(path).set(headers.app)

    expect(res.status).toBe(401)
    expect(res.body.details).toMatch(/management keys/)
    expectContract(res, 'getMetadataSchema')
  })

  it('rejects a wrong management token with 401', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get(path).set({ ...headers.management, 'X-Management-Token': 'nope' })

    expect(res.status).toBe(401)
    expect(res.body.details).toMatch(/X-Management-Id or X-Management-Token is wrong/)
  })

  it('answers 404 not_found (resource_type project) for an unknown project', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get('/management/v1/projects/proj_nope/metadata-schemas/ms_x').set(headers.management)

    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'project', resource_id: 'proj_nope' })
    expectContract(res, 'getMetadataSchema')
  })
})

describe('bearer tokens', () => {
  it('issues a client-credentials token that works until it expires on the clock', async () => {
    const t = await createTestApp()
    const issued = await t.request.post('/v1/oauth/token').set(t.headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api categories' })
    expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'api categories', client_id: 'promokit-app-id' })
    expect(issued.body.expires_at).toBe(Math.floor(t.clock.now() / 1000) + 900)
    expectContract(issued, 'createOAuthToken')
    const auth = { Authorization: `Bearer ${issued.body.access_token}` }

    t.clock.advance(899_000)
    const fresh = await t.request.post('/v1/categories').set(auth).send(category)
    t.clock.advance(1_000)
    const expired = await t.request.post('/v1/categories').set(auth).send({ ...category, name: 'Later' })

    expect(fresh.status).toBe(200)
    expect(t.deps.projects.get('proj_demo0001')?.categories.find(fresh.body.id)).toBeDefined()
    expect(expired.status).toBe(401)
    expect(expired.body.details).toMatch(/expired/)
  })

  it('rejects a token without the operation scope, saying which scope is missing', async () => {
    const t = await createTestApp()
    const before = t.deps.projects.get('proj_demo0001')?.categories.size
    const token = await bearer(t, 'campaigns vouchers')
    const res = await t.request.post('/v1/categories').set('Authorization', `Bearer ${token}`).send(category)

    expect(res.status).toBe(401)
    expect(res.body.details).toMatch(/needs one of: api, categories/)
    expect(t.deps.projects.get('proj_demo0001')?.categories.size).toBe(before)
  })

  it('rejects an unknown token and a malformed Authorization header', async () => {
    const { request } = await createTestApp()
    const unknown = await request.post('/v1/categories').set('Authorization', 'Bearer not-issued').send(category)
    const basic = await request.post('/v1/categories').set('Authorization', 'Basic abc').send(category)

    expect(unknown.status).toBe(401)
    expect(unknown.body.details).toMatch(/not a token this server issued/)
    expect(basic.body.details).toMatch(/Bearer <access token>/)
  })

  it('keeps a token to the project of the keys that asked for it', async () => {
    const t = await createTestApp()
    const res = await t.request.post('/v1/oauth/token').set(t.headers.appB).type('form').send({ grant_type: 'client_credentials', scope: 'api categories' })
    const created = await t.request.post('/v1/categories').set('Authorization', `Bearer ${res.body.access_token}`).send(category)

    expect(t.deps.projects.get('proj_demo0002')?.categories.find(created.body.id)).toBeDefined()
    expect(t.deps.projects.get('proj_demo0001')?.categories.find(created.body.id)).toBeUndefined()
  })
})

describe('POST /v1/oauth/token', () => {
  it('rejects another grant type with 400 invalid_grant_type', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/oauth/token').set(headers.app).type('form').send({ grant_type: 'password', scope: 'api' })

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_grant_type')
    expectContract(res, 'createOAuthToken')
  })

  it('rejects a missing or unknown scope with 400 invalid_scope', async () => {
    const { request, headers } = await createTestApp()
    const missing = await request.post('/v1/oauth/token').set(headers.app).type('form').send({ grant_type: 'client_credentials' })
    const unknown = await request.post('/v1/oauth/token').set(headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api everything' })

    expect(missing.status).toBe(400)
    expect(missing.body.key).toBe('invalid_scope')
    expect(unknown.body.key).toBe('invalid_scope')
    expect(unknown.body.details).toMatch(/everything/)
    expectContract(unknown, 'createOAuthToken')
  })

  it('takes application keys only, and a JSON body is the wrong content type', async () => {
    const t = await createTestApp()
    const token = await bearer(t, 'api')
    const byBearer = await t.request.post('/v1/oauth/token').set('Authorization', `Bearer ${token}`).type('form').send({ grant_type: 'client_credentials', scope: 'api' })
    const json = await t.request.post('/v1/oauth/token').set(t.headers.app).send({ grant_type: 'client_credentials', scope: 'api' })

    expect(byBearer.status).toBe(401)
    expect(json.status).toBe(400)
    expect(json.body.key).toBe('invalid_payload')
  })
})
