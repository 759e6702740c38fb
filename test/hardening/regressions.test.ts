import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redactUrl } from '../../mock/adapters/logging.js'
import { contractProblems, fingerprint, LIVE_ENTRIES, startLiveApp, type LiveApp } from './harness.js'

// One test per bug the fuzzer (or the other hardening tests) found; each failed before its fix.
describe.each(LIVE_ENTRIES)('hardening regressions (%s)', (entry) => {
  let live: LiveApp
  beforeAll(async () => {
    live = await startLiveApp({}, entry)
  })
  afterAll(() => live?.close())

  async function post(target: string, body: string, contentType = 'application/json') {
    const before = fingerprint(live)
    const res = await live.send({ method: 'POST', target, headers: { ...live.headers.app, 'Content-Type': contentType }, body: Buffer.from(body) })
    expect(contractProblems(live.deps.validator, 'POST', target, res)).toEqual([])
    expect(fingerprint(live)).toBe(before)
    return res
  }

  it('answers 400 invalid_payload, not 500, to JSON nested 12,000 levels deep (stack overflow in validation details)', async () => {
    const arrays = await post('/v1/validations', `${'['.repeat(12_000)}${']'.repeat(12_000)}`)
    const objects = await post('/v1/campaigns', `${'{"a":'.repeat(12_000)}1${'}'.repeat(12_000)}`)
    for (const res of [arrays, objects]) {
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ key: 'invalid_payload', details: 'The body is nested deeper than 64 levels' })
    }
  })

  it('answers getExport with a non-string token (token[a]=1) 400 invalid_query_params, as the spec now documents', async () => {
    const target = '/v1/exports/exp_nope?token[a]=1'
    const res = await live.send({ method: 'GET', target, headers: live.headers.app })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_query_params' })
    expect(contractProblems(live.deps.validator, 'GET', target, res)).toEqual([])
  })

  it.each(['null', '"x"', '1', '[]'])('answers a createCampaign body of %s 400 invalid_campaign, not 500 (discriminated oneOf let non-objects through)', async (body) => {
    const res = await post('/v1/campaigns', body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_campaign' })
  })

  it('answers a createCampaign voucher.discount of null 400, not 500', async () => {
    const body = { name: 'Null discount', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 1, voucher: { type: 'DISCOUNT_VOUCHER', discount: null, code_config: { pattern: 'ND-####' } } }
    const res = await post('/v1/campaigns', JSON.stringify(body))
    expect(res.status).toBe(400)
  })

  it('redacts the export token in logged URLs however its name is spelled (token[]= leaked into the request log)', () => {
    for (const query of ['token=s3cret', 'token[]=s3cret', 'token[0]=s3cret', 'token%5B%5D=s3cret', '%74oken=s3cret', 'TOKEN=s3cret', 'x=1&token=s3cret&y=2']) {
      expect(redactUrl(`/v1/exports/exp_1?${query}`)).not.toContain('s3cret')
    }
    expect(redactUrl('/v1/exports/exp_1?tokens=ok&x=1')).toBe('/v1/exports/exp_1?tokens=ok&x=1')
  })

  it('lists no vouchers for a campaign_id the project does not have (it listed every voucher of the project)', async () => {
    const res = await live.request.get('/v1/vouchers?campaign_id=camp_unknown').set(live.headers.app)
    expect(res.status).toBe(200)
    expect(res.body.vouchers).toEqual([])
    expect(res.body.total).toBe(0)
  })
})
