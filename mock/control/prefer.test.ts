import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../testing/index.js'
import { parsePrefer } from './prefer.js'

const category = { name: 'Preferred', hierarchy: 1 }
const campaign = { name: 'Preferred', campaign_type: 'DISCOUNT_COUPONS', type: 'STATIC', vouchers_count: 1, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } }

describe('Prefer: code= / example= (Prism syntax)', () => {
  it('answers the documented error for this request only, and creates nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const before = deps.projects.all()[0].campaigns.size
    const conflict = await request.post('/v1/campaigns').set(headers.app).set('Prefer', 'code=409').send(campaign)
    const after = deps.projects.all()[0].campaigns.size
    const next = await request.post('/v1/campaigns').set(headers.app).send(campaign)

    expect(conflict.status).toBe(409)
    expect(conflict.body).toMatchObject({ code: 409, key: 'duplicate_found', request_id: conflict.headers['x-request-id'] })
    expectContract(conflict, 'createCampaign')
    expect(after).toBe(before)
    expect(next.status).toBe(200)
    expect(deps.projects.all()[0].campaigns.size).toBe(before + 1)
  })

  it('gives each documented error status a body valid against its schema (5 operations, every error code)', async () => {
    const { request, headers, deps } = await createTestApp()
    const calls = [
      { operationId: 'getCampaign', send: () => request.get('/v1/campaigns/camp_nope').set(headers.app) },
      { operationId: 'deleteCampaign', send: () => request.delete('/v1/campaigns/camp_nope').set(headers.app) },
      { operationId: 'createCampaign', send: () => request.post('/v1/campaigns').set(headers.app).send(campaign) },
      { operationId: 'createCategory', send: () => request.post('/v1/categories').set(headers.app).send(category) },
      { operationId: 'getVoucher', send: () => request.get('/v1/vouchers/WELCOME-0001').set(headers.app) },
    ]
    let checked = 0
    for (const { operationId, send } of calls) {
      for (const code of Object.keys(deps.validator.operation(operationId)!.responses).filter((c) => Number(c) >= 400)) {
        const res = await send().set('Prefer', `code=${code}`)
        expect(res.status, `${operationId} ${code}`).toBe(Number(code))
        expectContract(res, operationId)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(12)
  })

  it('refuses an undocumented client error with a 400 listing the documented ones', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request.get('/v1/campaigns').set(headers.app).set('Prefer', 'code=418')

    expect(res.status).toBe(400)
    expect(res.body.details).toContain('Prefer: code=418 is not documented for listCampaigns; documented: 200')
    expect(res.body.details).toContain('or a server error (500, 502, 503, 504)')
    expect(deps.journal.list().at(-1)?.status).toBe(400)
  })

  it('answers code=503 (documented by no operation) in the spec Error format, for this request only, changing nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const before = deps.projects.all()[0].campaigns.size
    const unavailable = await request.post('/v1/campaigns').set(headers.app).set('Prefer', 'code=503').send(campaign)
    const gateway = await request.get('/v1/campaigns').set(headers.app).set('Prefer', 'code=502')

    expect(unavailable.status).toBe(503)
    expect(unavailable.body).toMatchObject({ code: 503, key: 'service_unavailable', request_id: unavailable.headers['x-request-id'] })
    expect(unavailable.body.details).toContain('no operation documents it')
    for (const res of [unavailable, gateway]) expect(deps.validator.validateSchema('Error', res.body).violations).toEqual([])
    expect(gateway.status).toBe(502)
    expect(deps.projects.all()[0].campaigns.size).toBe(before)
    expect((await request.post('/v1/campaigns').set(headers.app).send(campaign)).status).toBe(200)
    expect(deps.journal.list().slice(-3).map((entry) => entry.status)).toEqual([503, 502, 200])
  })

  it('runs the request as usual for a documented success status', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).set('Prefer', 'code=200').send(category)

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Preferred' })
  })

  it('answers a named example of the operation, with this request id; an unknown name is a 400 naming the known ones', async () => {
    const { request, headers } = await createTestApp()
    const named = await request.post('/v1/campaigns').set(headers.app).set('Prefer', 'example=duplicateName').send(campaign)
    const unknown = await request.post('/v1/campaigns').set(headers.app).set('Prefer', 'code=409, example=nope').send(campaign)

    expect(named.status).toBe(409)
    expect(named.body).toMatchObject({ key: 'duplicate_found', request_id: named.headers['x-request-id'] })
    expectContract(named, 'createCampaign')
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toMatch(/example=nope is not an example of createCampaign 409; documented: duplicateName \(409\)/)
  })

  it('still checks the credentials first', async () => {
    const { request } = await createTestApp()
    const res = await request.get('/v1/campaigns').set('Prefer', 'code=409')
    expect(res.status).toBe(401)
  })
})

describe('parsePrefer', () => {
  it('reads code and example among other preferences, quoted or not', () => {
    expect(parsePrefer('respond-async, code=409; example="duplicateName"')).toEqual({ code: 409, example: 'duplicateName' })
    expect(parsePrefer('return=minimal')).toBeUndefined()
    expect(() => parsePrefer('code=abc')).toThrow(expect.objectContaining({ details: expect.stringMatching(/not an HTTP status/) }))
  })
})
