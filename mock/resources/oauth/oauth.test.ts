import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'
import { declaredScopes } from './oauth-handlers.js'

// The real service's 42 scopes (documentation/openapi/oauth.json, OAuthTokenGenerateRequestBody.scope).
const VENDOR_SCOPES = [
  'api', 'assets', 'async-actions', 'campaigns', 'categories', 'client_api', 'client_consents', 'client_customers', 'client_events',
  'client_promotions', 'client_publish', 'client_qualifications', 'client_redeem', 'client_redemptions', 'client_validate',
  'client_validations', 'client_vouchers', 'consents', 'customers', 'events', 'exports', 'locations', 'loyalties', 'metadata-schemas',
  'orders', 'product-collections', 'products', 'promotions', 'publications', 'qualifications', 'redemptions', 'referrals', 'rewards',
  'segments', 'SKUs', 'task-results', 'templates', 'trash-bin', 'validation-rules-assignments', 'validation-rules', 'validations', 'vouchers',
]

const issue = (t: TestApp, scope: string, headers = t.headers.app) =>
  t.request.post('/v1/oauth/token').set(headers).type('form').send({ grant_type: 'client_credentials', scope })
const introspect = (t: TestApp, token: string | undefined, headers = t.headers.app) =>
  t.request.post('/v1/oauth/introspect').set(headers).type('form').send(token === undefined ? {} : { access_token: token })
const revoke = (t: TestApp, token: string | undefined, headers = t.headers.app) =>
  t.request.post('/v1/oauth/token/revoke').set(headers).type('form').send(token === undefined ? {} : { access_token: token })
const listWith = (t: TestApp, token: string) => t.request.get('/v1/campaigns?limit=1').set('Authorization', `Bearer ${token}`)

describe('POST /v1/oauth/token scopes', () => {
  it('accepts every one of the 42 documented scopes, alone and all together', async () => {
    const t = await createTestApp()
    expect([...declaredScopes(t.deps.spec)].sort()).toEqual([...VENDOR_SCOPES].sort())
    for (const scope of VENDOR_SCOPES) {
      const res = await issue(t, scope)
      expect(res.status, scope).toBe(200)
      expect(res.body.scope).toBe(scope)
    }
    const all = await issue(t, VENDOR_SCOPES.join(' '))
    expect(all.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: VENDOR_SCOPES.join(' ') })
    expectContract(all, 'createOAuthToken')
  })

  it('refuses an unknown scope, or commas for spaces, with 400 invalid_scope and issues nothing', async () => {
    const t = await createTestApp()
    for (const scope of ['api everything', 'vouchers,campaigns', 'API']) {
      const res = await issue(t, scope)
      expect(res.status, scope).toBe(400)
      expect(res.body.key).toBe('invalid_scope')
      expectContract(res, 'createOAuthToken')
    }
    expect((await issue(t, 'vouchers,campaigns')).body.details).toMatch(/spaces, not commas/)
    expect(t.deps.tokens.size).toBe(0)
  })
})

describe('token lifetime', () => {
  it('lives 900 s on the injected clock: works at 899 s, refused with 401 at 900 s', async () => {
    const t = await createTestApp()
    const issued = await issue(t, 'api')
    expect(issued.body.expires_at).toBe(Math.floor(t.clock.now() / 1000) + 900)
    t.clock.advance(899_000)
    expect((await listWith(t, issued.body.access_token)).status).toBe(200)
    t.clock.advance(1_000)
    const expired = await listWith(t, issued.body.access_token)
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ key: 'unauthorized' })
    expect(expired.body.details).toMatch(/expired/)
    expectContract(expired, 'listCampaigns')
  })
})

describe('POST /v1/oauth/introspect', () => {
  it('tells an active token with its seconds left, then inactive once expired', async () => {
    const t = await createTestApp()
    const token = (await issue(t, 'api campaigns')).body.access_token
    t.clock.advance(345_000)
    const active = await introspect(t, token)
    expect(active.status).toBe(200)
    expect(active.body).toMatchObject({ active: true, access_token: token, expires_in: 555, scope: 'api campaigns', client_id: 'promokit-app-id', token_type: 'Bearer' })
    expectContract(active, 'introspectOAuthToken')
    t.clock.advance(555_000)
    const expired = await introspect(t, token)
    expect(expired.body).toEqual({ active: false })
    expectContract(expired, 'introspectOAuthToken')
  })

  it('reads unknown tokens and other projects\' tokens as inactive; no access_token is 400 missing_parameters', async () => {
    const t = await createTestApp()
    const bToken = (await issue(t, 'api', t.headers.appB)).body.access_token
    expect((await introspect(t, 'never-issued')).body).toEqual({ active: false })
    expect((await introspect(t, bToken)).body).toEqual({ active: false })
    expect((await introspect(t, bToken, t.headers.appB)).body.active).toBe(true)
    for (const form of [undefined, '']) {
      const missing = await introspect(t, form)
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({ code: 400, key: 'missing_parameters' })
      expectContract(missing, 'introspectOAuthToken')
    }
    const bearer = await t.request.post('/v1/oauth/introspect').set('Authorization', `Bearer ${bToken}`).type('form').send({ access_token: bToken })
    expect(bearer.status).toBe(401)
    expectContract(bearer, 'introspectOAuthToken')
  })
})

describe('POST /v1/oauth/token/revoke', () => {
  it('revokes at once: the next request with the token is refused, introspection says inactive', async () => {
    const t = await createTestApp()
    const token = (await issue(t, 'api')).body.access_token
    expect((await listWith(t, token)).status).toBe(200)
    const revoked = await revoke(t, token)
    expect(revoked.status).toBe(204)
    expect(revoked.text).toBe('')
    expectContract(revoked, 'revokeOAuthToken')
    const refused = await listWith(t, token)
    expect(refused.status).toBe(401)
    expect(refused.body.details).toMatch(/revoked/)
    expect((await introspect(t, token)).body).toEqual({ active: false })
  })

  it('answers 404 for an unknown, already revoked, expired or other project\'s token, 400 without one', async () => {
    const t = await createTestApp()
    const token = (await issue(t, 'api')).body.access_token
    const bToken = (await issue(t, 'api', t.headers.appB)).body.access_token
    const old = (await issue(t, 'api')).body.access_token
    expect((await revoke(t, token)).status).toBe(204)
    t.clock.advance(900_000)
    for (const [name, value] of [['unknown', 'never-issued'], ['revoked', token], ['expired', old], ['project B', bToken]]) {
      const res = await revoke(t, value)
      expect(res.status, name).toBe(404)
      expect(res.body).toMatchObject({ key: 'not_found' })
      expectContract(res, 'revokeOAuthToken')
    }
    const missing = await revoke(t, undefined)
    expect(missing.body.key).toBe('missing_parameters')
    expectContract(missing, 'revokeOAuthToken')
  })
})

describe('1000 active tokens per project', () => {
  it('refuses the 1001st with 400 limit_exceeded; revoking or expiry makes room; other projects unaffected', async () => {
    const t = await createTestApp()
    expect(t.deps.config.oauthTokensPerProject).toBe(1000)
    // 999 straight into the store (the HTTP path is what is under test, not 999 identical requests)
    for (let i = 0; i < 999; i++) t.deps.tokens.issue({ projectId: 'proj_demo0001', clientId: 'promokit-app-id', scopes: ['api'] })
    const thousandth = await issue(t, 'api')
    expect(thousandth.status).toBe(200)
    const before = t.deps.tokens.size
    const refused = await issue(t, 'api')
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ key: 'limit_exceeded' })
    expect(refused.body.details).toMatch(/at most 1000 active OAuth tokens/)
    expectContract(refused, 'createOAuthToken')
    expect(t.deps.tokens.size).toBe(before)
    expect((await issue(t, 'api', t.headers.appB)).status).toBe(200)
    expect((await revoke(t, thousandth.body.access_token)).status).toBe(204)
    expect((await issue(t, 'api')).status).toBe(200)
    expect((await issue(t, 'api')).status).toBe(400)
    t.clock.advance(900_000)
    expect((await issue(t, 'api')).status).toBe(200)
  })
})

describe('scopes on operations', () => {
  it('lets `api` or the resource scope through; refuses a token with neither, naming what is needed', async () => {
    const t = await createTestApp()
    for (const scope of ['api', 'campaigns', 'vouchers campaigns']) expect((await listWith(t, (await issue(t, scope)).body.access_token)).status, scope).toBe(200)
    const refused = await listWith(t, (await issue(t, 'vouchers client_api')).body.access_token)
    expect(refused.status).toBe(401)
    expect(refused.body.details).toMatch(/needs one of: api, campaigns/)
    expectContract(refused, 'listCampaigns')
  })

  it('opens /client/v1 to client_api or the client scope, not to `api`', async () => {
    const t = await createTestApp()
    const tiers = (scope: string) => issue(t, scope).then((r) => t.request.get('/client/v1/promotions/tiers').set('Authorization', `Bearer ${r.body.access_token}`))
    for (const scope of ['client_api', 'client_promotions']) {
      const res = await tiers(scope)
      expect(res.status, scope).toBe(200)
      expectContract(res, 'clientListPromotionTiers')
    }
    const server = await tiers('api')
    expect(server.status).toBe(401)
    expect(server.body.details).toMatch(/client_api, client_promotions/)
    expectContract(server, 'clientListPromotionTiers')
  })
})
