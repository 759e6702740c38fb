import { describe, expect, it } from 'vitest'
import { createMockDeps } from '../../adapters/node-deps.js'
import { createTestApp, MOUNTS, expectContract, type TestApp } from '../../testing/index.js'
import { parseRateLimit } from './plans.js'

const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
const list = (t: TestApp, headers: Record<string, string>) => t.request.get('/v1/campaigns?limit=1').set(headers)
const rate = (res: { headers: Record<string, string> }) => [res.headers['x-rate-limit-limit'], res.headers['x-rate-limit-remaining'], res.headers['x-rate-limit-retry']]
const unix = (ms: number) => Math.ceil(ms / 1000)

describe('--rate-limit values', () => {
  it('knows the real service\'s plans and N/h, N/min; refuses anything else', () => {
    expect(parseRateLimit('free')).toMatchObject({ limit: 100, windowMs: 3_600_000, label: '100 requests per hour (free plan)' })
    expect(parseRateLimit('Startup')).toMatchObject({ limit: 1_000, windowMs: 3_600_000 })
    expect(parseRateLimit('growth')).toMatchObject({ limit: 2_000, windowMs: 3_600_000 })
    expect(parseRateLimit('professional')).toMatchObject({ limit: 5_000, windowMs: 3_600_000 })
    expect(parseRateLimit('business')).toMatchObject({ limit: 100, windowMs: 60_000 })
    expect(parseRateLimit('250/h')).toMatchObject({ limit: 250, windowMs: 3_600_000, label: '250 requests per hour' })
    expect(parseRateLimit('30 / min')).toMatchObject({ limit: 30, windowMs: 60_000 })
    for (const bad of ['', 'enterprise', '0/min', '-1/h', '10/s', '1.5/h', '10/day', '__proto__']) expect(() => parseRateLimit(bad), bad).toThrow(/expected free, startup/)
  })

  it('a bad value stops a mock from starting, with the accepted forms named', async () => {
    await expect(createMockDeps({ logLevel: 'silent', clock: 'manual', rateLimit: 'fast' as never })).rejects.toThrow(/expected free, startup, growth, professional/)
  })
})

describe('rate limits off (the default)', () => {
  it('sends no X-Rate-Limit-* header and never answers 429', async () => {
    const t = await createTestApp()
    for (let i = 0; i < 120; i++) {
      const res = await list(t, t.headers.app)
      expect(res.status).toBe(200)
      expect(res.headers['x-rate-limit-limit']).toBeUndefined()
    }
  })
})

describe('rate limits on', () => {
  it('counts per key on the injected clock: headers on every answer, 429 in the error format beyond, nothing changed', async () => {
    const t = await createTestApp({ config: { rateLimit: '3/min' } })
    const windowEnd = unix(t.clock.now() + 60_000)
    const answers = [await list(t, t.headers.app), await list(t, t.headers.app)]
    t.clock.advance(10_000)
    answers.push(await list(t, t.headers.app))
    expect(answers.map((r) => [r.status, ...rate(r)])).toEqual([200, 200, 200].map((s, i) => [s, '3', String(2 - i), String(windowEnd)]))
    const categories = t.deps.projects.get('proj_demo0001')!.categories.size
    const refused = await t.request.post('/v1/categories').set(t.headers.app).send({ name: 'Over the limit', hierarchy: 1 })
    expect(refused.status).toBe(429)
    expect(rate(refused)).toEqual(['3', '0', String(windowEnd)])
    expect(refused.headers['retry-after']).toBe(String(windowEnd - unix(t.clock.now())))
    expect(refused.body).toMatchObject({ code: 429, key: 'limit_exceeded' })
    expect(refused.body.details).toMatch(/3 requests per minute reached for X-App-Id promokit-app-id/)
    expect(refused.body.details).not.toContain('promokit-app-token')
    expectContract(refused, 'createCategory')
    expect(t.deps.projects.get('proj_demo0001')!.categories.size).toBe(categories)
    // other keys have their own windows; the refused one opens again when its window ends
    expect((await list(t, t.headers.appB)).status).toBe(200)
    expect((await t.request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001').set(t.headers.management)).status).toBe(200)
    t.clock.advance(49_999)
    expect((await list(t, t.headers.app)).status).toBe(429)
    t.clock.advance(1)
    const again = await list(t, t.headers.app)
    expect([again.status, ...rate(again)]).toEqual([200, '3', '2', String(unix(t.clock.now() + 60_000))])
    expectContract(again, 'listCampaigns')
  })

  it('puts the headers on error answers too, and counts a bearer token against the keys that issued it', async () => {
    const t = await createTestApp({ config: { rateLimit: '3/h' } })
    const token = await t.request.post('/v1/oauth/token').set(t.headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api' })
    expect(rate(token).slice(0, 2)).toEqual(['3', '2'])
    const missing = await t.request.get('/v1/campaigns/camp_nope').set(t.headers.app)
    expect([missing.status, ...rate(missing).slice(0, 2)]).toEqual([404, '3', '1'])
    const bearer = await list(t, { Authorization: `Bearer ${token.body.access_token}` })
    expect([bearer.status, ...rate(bearer).slice(0, 2)]).toEqual([200, '3', '0'])
    const refused = await list(t, { Authorization: `Bearer ${token.body.access_token}` })
    expect(refused.status).toBe(429)
    expect(refused.body.details).not.toContain(token.body.access_token)
    expectContract(refused, 'listCampaigns')
    const anonymous = await t.request.get('/v1/campaigns')
    expect([anonymous.status, ...rate(anonymous).slice(0, 2)]).toEqual([401, '3', '2'])
    // the control API is not the service's: never counted, never refused
    for (let i = 0; i < 5; i++) expect((await t.request.get('/_mock/state')).status).toBe(200)
  })

  it('/client/v1: the real 5 requests per 5 s per address, apart from the key\'s own limit', async () => {
    const t = await createTestApp({ config: { rateLimit: '100/h' } })
    const tiers = () => t.request.get('/client/v1/promotions/tiers').set(CLIENT)
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await tiers())
    expect(answers.map((r) => [r.status, r.headers['x-rate-limit-limit'], r.headers['x-rate-limit-remaining']])).toEqual([
      [200, '5', '4'], [200, '5', '3'], [200, '5', '2'], [200, '5', '1'], [200, '5', '0'], [429, '5', '0'],
    ])
    expect(answers[5].body.details).toMatch(/5 per 5 s per address/)
    expectContract(answers[5], 'clientListPromotionTiers')
    const validation = await t.request.post('/client/v1/validations').set(CLIENT).send({ redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 1000 } })
    expect(validation.status).toBe(429)
    expectContract(validation, 'clientValidateStackedDiscounts')
    expect(rate(await list(t, t.headers.app)).slice(0, 2)).toEqual(['100', '99'])
    t.clock.advance(5_000)
    expect((await tiers()).status).toBe(200)
  })

  it('keeps counts per mock instance and clears them on reset', async () => {
    const [a, b] = [await createTestApp({ config: { rateLimit: '1/min' } }), await createTestApp({ config: { rateLimit: '1/min' } })]
    expect((await list(a, a.headers.app)).status).toBe(200)
    expect((await list(a, a.headers.app)).status).toBe(429)
    expect((await list(b, b.headers.app)).status).toBe(200)
    expect((await a.request.post('/_mock/reset').type('json')).status).toBe(200)
    expect((await list(a, a.headers.app)).status).toBe(200)
  })
})

describe('rate limits count per authenticated key (issue 21)', () => {
  for (const [mount, client] of MOUNTS) {
    it(`${mount}: a victim's X-App-Id with a wrong token never spends the victim's quota`, async () => {
      const t = await createTestApp({ config: { rateLimit: '3/min' } })
      const http = client(t)
      const forged = { 'X-App-Id': t.headers.app['X-App-Id'], 'X-App-Token': 'wrong-token' }
      const attempts = []
      for (let i = 0; i < 5; i++) attempts.push(await http.get('/v1/campaigns?limit=1').set(forged))
      // refused before authenticating: counted against the caller's address, in a window of their own
      expect(attempts.map((r) => [r.status, r.headers['x-rate-limit-remaining']])).toEqual([[401, '2'], [401, '1'], [401, '0'], [429, '0'], [429, '0']])
      expect(attempts[3].body).toMatchObject({ code: 429, key: 'limit_exceeded' })
      expect(attempts[3].body.details).toMatch(/requests refused before they authenticated/)
      expect(attempts[3].body.details).not.toContain(t.headers.app['X-App-Id'])
      expectContract(attempts[3], 'listCampaigns')
      // the victim's real keys still have their whole quota, from the same address
      const real = []
      for (let i = 0; i < 4; i++) real.push(await http.get('/v1/campaigns?limit=1').set(t.headers.app))
      expect(real.map((r) => [r.status, r.headers['x-rate-limit-remaining']])).toEqual([[200, '2'], [200, '1'], [200, '0'], [429, '0']])
      expect(real[3].body.details).toMatch(/reached for X-App-Id promokit-app-id;/)
      // other refusals before authentication (an unknown route) share the address's window, not a key's
      expect((await http.get('/v1/nowhere').set(t.headers.appB)).status).toBe(429)
      expect((await http.get('/v1/campaigns?limit=1').set(t.headers.appB)).status).toBe(200)
      // both windows open again when they end
      t.clock.advance(60_000)
      expect((await http.get('/v1/campaigns?limit=1').set(forged)).status).toBe(401)
      expect((await http.get('/v1/campaigns?limit=1').set(t.headers.app)).status).toBe(200)
    })
  }

  it('a request that authenticated counts once, whatever its answer (a 400 or 404 after the keys were checked)', async () => {
    const t = await createTestApp({ config: { rateLimit: '3/min' } })
    const bad = await t.request.get('/v1/campaigns?limit=1000').set(t.headers.app)
    const missing = await t.request.get('/v1/campaigns/camp_nope').set(t.headers.app)
    expect([bad.status, bad.headers['x-rate-limit-remaining'], missing.status, missing.headers['x-rate-limit-remaining']]).toEqual([400, '2', 404, '1'])
    const management = await t.request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001').set(t.headers.management)
    expect([management.status, management.headers['x-rate-limit-remaining']]).toEqual([200, '2'])
  })
})
