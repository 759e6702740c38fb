import { describe, expect, it } from 'vitest'
import { DEFAULT_CREDENTIALS } from '../../engine/config.js'
import { createTestApp, expectContract } from '../../testing/index.js'

const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
const CHECKOUT = { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 10000 } }

describe('/client/v1 with client-side keys', () => {
  it('validates like /v1/validations, on the same project', async () => {
    const t = await createTestApp()
    const client = await t.request.post('/client/v1/validations').set(CLIENT).send(CHECKOUT)
    expectContract(client, 'clientValidateStackedDiscounts')
    const server = await t.request.post('/v1/validations').set(t.headers.app).send(CHECKOUT)
    expect(client.status).toBe(200)
    expect(client.body).toMatchObject({ valid: true, order: server.body.order })
  })

  it('redeems, and the redemption is the project\'s (readable with the secret keys)', async () => {
    const t = await createTestApp()
    const res = await t.request.post('/client/v1/redemptions').set(CLIENT).send(CHECKOUT)
    expectContract(res, 'clientRedeemStackedDiscounts')
    expect(res.status).toBe(200)
    const id = res.body.redemptions[0].id
    const read = await t.request.get(`/v1/redemptions/${id}`).set(t.headers.app)
    expectContract(read, 'getRedemption')
    expect(read.body).toMatchObject({ id, result: 'SUCCESS' })
    const again = await t.request.post('/client/v1/redemptions').set(CLIENT).send(CHECKOUT)
    expect(again.body.redemptions ?? []).toHaveLength(0)
  })

  it('refuses the secret application keys with a 401 that says why, and changes nothing', async () => {
    const t = await createTestApp()
    const res = await t.request.post('/client/v1/redemptions').set(t.headers.app).send(CHECKOUT)
    expectContract(res, 'clientRedeemStackedDiscounts')
    expect(res.status).toBe(401)
    expect(res.body.details).toMatch(/Secret application keys .* are refused on \/client\/v1/)
    expect(t.deps.projects.all()[0].redemptions.size).toBe(0)
  })

  it('refuses client keys on /v1 and a wrong client token, each with a clear 401', async () => {
    const t = await createTestApp()
    const onServerApi = await t.request.post('/v1/validations').set(CLIENT).send(CHECKOUT)
    expectContract(onServerApi, 'validateStackedDiscounts')
    expect(onServerApi.body.details).toMatch(/Client-side keys .* work only on \/client\/v1/)
    const wrong = await t.request.post('/client/v1/validations').set({ ...CLIENT, 'X-Client-Token': 'nope' }).send(CHECKOUT)
    expect(wrong.status).toBe(401)
    expect(wrong.body.details).toBe('X-Client-Token is wrong for this X-Client-Application-Id')
    expect(wrong.body.details).not.toContain('promokit-client-token')
  })

  it('a client key restricted to origins answers 403 to another origin, and serves its own and non-browser calls', async () => {
    const [a, b] = DEFAULT_CREDENTIALS.projects
    const t = await createTestApp({ config: { credentials: { projects: [{ ...a, clientOrigins: ['http://localhost:5173'] }, b] } } })
    const allowed = await t.request.post('/client/v1/validations').set(CLIENT).set('Origin', 'http://localhost:5173').send(CHECKOUT)
    expect(allowed.status).toBe(200)
    const refused = await t.request.post('/client/v1/redemptions').set(CLIENT).set('Origin', 'http://evil.example').send(CHECKOUT)
    expectContract(refused, 'clientRedeemStackedDiscounts')
    expect(refused.status).toBe(403)
    expect(refused.body.details).toBe('Origin http://evil.example is not allowed for client application id promokit-client-id; allowed: http://localhost:5173')
    expect(t.deps.projects.all()[0].redemptions.size).toBe(0)
    const curl = await t.request.post('/client/v1/validations').set(CLIENT).send(CHECKOUT)
    expect(curl.status).toBe(200)
  })

  it('each project\'s client key acts on its own project', async () => {
    const t = await createTestApp()
    const res = await t.request
      .post('/client/v1/redemptions')
      .set({ 'X-Client-Application-Id': 'promokit-client-id-2', 'X-Client-Token': 'promokit-client-token-2' })
      .send(CHECKOUT)
    expectContract(res, 'clientRedeemStackedDiscounts')
    const [a, b] = t.deps.projects.all()
    expect(a.redemptions.size).toBe(0)
    expect(b.redemptions.size).toBe(res.status === 200 ? res.body.redemptions.length + 1 : 0)
    expect(b.id).toBe('proj_demo0002')
  })
})

describe('GET /client/v1/promotions/tiers', () => {
  it('lists the promotion tiers in pages, and only the available ones when asked', async () => {
    const t = await createTestApp()
    const all = await t.request.get('/client/v1/promotions/tiers').set(CLIENT)
    expectContract(all, 'clientListPromotionTiers')
    expect(all.body).toMatchObject({ object: 'list', data_ref: 'tiers' })
    const ids = all.body.tiers.map((tier: { id: string }) => tier.id)
    expect(ids).toEqual(expect.arrayContaining(['promo_demo0001', 'promo_demo0002']))
    expect(all.body.total).toBe(ids.length)

    const first = await t.request.get('/client/v1/promotions/tiers?limit=1').set(CLIENT)
    expectContract(first, 'clientListPromotionTiers')
    expect(first.body.tiers.map((tier: { id: string }) => tier.id)).toEqual(ids.slice(0, 1))
    expect(first.body.has_more).toBe(ids.length > 1)

    const available = await t.request.get('/client/v1/promotions/tiers?is_available=true').set(CLIENT)
    expectContract(available, 'clientListPromotionTiers')
    for (const tier of available.body.tiers) expect(tier.active).not.toBe(false)
  })

  it('refuses a bad limit with 400 invalid_query_params', async () => {
    const t = await createTestApp()
    const res = await t.request.get('/client/v1/promotions/tiers?limit=500').set(CLIENT)
    expectContract(res, 'clientListPromotionTiers')
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_query_params')
  })
})
