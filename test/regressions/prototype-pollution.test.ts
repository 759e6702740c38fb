import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../mock/testing/index.js'
import { fixtureValidator } from '../../src/validation/testing/fixture.js'

// Issue 15, defect 1: keys taken from a request must never reach Object.prototype.
const polluted = (): unknown => (({}) as Record<string, unknown>).polluted

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted
})

describe('prototype pollution through request keys', () => {
  it('validateRequest with flat deepObject keys naming __proto__, constructor or prototype leaves Object.prototype alone', async () => {
    const contracts = await fixtureValidator()
    for (const key of ['filters[__proto__][polluted]', 'filters[constructor][prototype][polluted]', 'filters[junction][__proto__][polluted]']) {
      const outcome = contracts.validateRequest('listCampaigns', { query: { [key]: '1' } })
      expect(polluted(), key).toBeUndefined()
      expect(Object.getPrototypeOf(outcome.values.query)).toBe(Object.prototype)
    }
  })

  it('the served mock answers such query strings and form bodies without polluting anything', async () => {
    const { request, headers } = await createTestApp()
    const queries = [
      'filters[__proto__][polluted]=1',
      'filters%5B__proto__%5D%5Bpolluted%5D=1',
      'filters[constructor][prototype][polluted]=1',
      '__proto__[polluted]=1&constructor[prototype][polluted]=1',
    ]
    for (const query of queries) {
      const res = await request.get(`/v1/campaigns?${query}`).set(headers.app)
      expect(res.status, query).toBeLessThan(500)
      expectContract(res, 'listCampaigns')
      expect(polluted(), query).toBeUndefined()
    }
    const token = await request
      .post('/v1/oauth/token')
      .set(headers.app)
      .type('form')
      .send('grant_type=client_credentials&scope=api&__proto__[polluted]=1&constructor[prototype][polluted]=1')
    expect(token.status).toBeLessThan(500)
    expectContract(token, 'createOAuthToken')
    expect(polluted()).toBeUndefined()
  })

  it('a JSON body whose metadata has a __proto__ key keeps it as plain data', async () => {
    const { request, headers } = await createTestApp()
    const body = '{"name":"proto-meta","campaign_type":"PROMOTION","promotion":{"tiers":[{"name":"t"}]},"metadata":{"__proto__":{"polluted":1}}}'
    const res = await request.post('/v1/campaigns').set(headers.app).set('Content-Type', 'application/json').send(body)
    expect(res.status).toBe(200)
    expectContract(res, 'createCampaign')
    expect(polluted()).toBeUndefined()
  })
})
