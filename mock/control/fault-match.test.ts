import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../testing/index.js'

describe('fault matchers (POST /_mock/faults match)', () => {
  it('fails only the requests whose path parameter, query, header or body field match', async () => {
    const { request, headers } = await createTestApp()
    const arm = (match: object) => request.post('/_mock/faults').send({ action: 'status', status: 404, match })
    expect((await arm({ params: { code: 'WELCOME-0002' } })).status).toBe(201)
    const hit = await request.get('/v1/vouchers/WELCOME-0002').set(headers.app)
    const miss = await request.get('/v1/vouchers/WELCOME-0001').set(headers.app)
    expect([hit.status, miss.status]).toEqual([404, 200])
    expectContract(hit, 'getVoucher')

    await request.delete('/_mock/faults').type('json')
    await arm({ query: { limit: 3 }, headers: { 'X-Test-Case': 'empty-list' } })
    const both = await request.get('/v1/campaigns?limit=3').set(headers.app).set('x-test-case', 'empty-list')
    const queryOnly = await request.get('/v1/campaigns?limit=3').set(headers.app)
    expect([both.status, queryOnly.status]).toEqual([404, 200])

    await request.delete('/_mock/faults').type('json')
    await request.post('/_mock/faults').send({ operationId: 'validateStackedDiscounts', action: 'status', status: 400, match: { body: { '/order/amount': 666 } } })
    const body = (amount: number) => ({ redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount } })
    const bodyHit = await request.post('/v1/validations').set(headers.app).send(body(666))
    const bodyMiss = await request.post('/v1/validations').set(headers.app).send(body(667))
    expect([bodyHit.status, bodyMiss.status]).toEqual([400, 200])
    expectContract(bodyHit, 'validateStackedDiscounts')
  })

  it('rejects an unknown field or matcher key with a 400 and arms nothing', async () => {
    const { request, headers } = await createTestApp()
    const unknownKey = await request.post('/_mock/faults').send({ action: 'status', status: 500, match: { path: { code: 'X' } } })
    const unknownField = await request.post('/_mock/faults').send({ action: 'status', status: 500, matcher: { params: { code: 'X' } } })
    const notMatchable = await request.post('/_mock/faults').send({ action: 'skip-request-validation', match: { query: { a: '1' } } })
    const badValue = await request.post('/_mock/faults').send({ action: 'status', status: 500, match: { query: { a: { b: 1 } } } })
    const badPointer = await request.post('/_mock/faults').send({ action: 'status', status: 500, match: { body: { '/order/~9': 1 } } })
    const emptyName = await request.post('/_mock/faults').send({ action: 'status', status: 500, match: { params: { '': 'X' } } })
    const list = await request.get('/v1/campaigns').set(headers.app)

    expect(unknownKey.status).toBe(400)
    expect(unknownKey.body.details).toMatch(/^match\.path: is not allowed/)
    expect(unknownField.body.details).toMatch(/^matcher: unknown field/)
    expect(notMatchable.body.details).toMatch(/^match: only actions status, reset, abort, hang, drop, set, copy, move/)
    expect(badValue.status).toBe(400)
    expect(badPointer.body.details).toMatch(/^match\.body: .*"~" must be followed by 0 or 1/)
    expect(emptyName.body.details).toBe('match.params: a name may not be empty')
    expect((await request.get('/_mock/faults')).body.faults).toEqual([])
    expect(list.status).toBe(200)
  })

  it('checks a hang fault\'s bound', async () => {
    const { request } = await createTestApp()
    const tooLong = await request.post('/_mock/faults').send({ action: 'hang', ms: 3_600_000 })
    const notHang = await request.post('/_mock/faults').send({ action: 'reset', ms: 10 })
    const armed = await request.post('/_mock/faults').send({ action: 'hang' })
    expect([tooLong.status, notHang.status, armed.status]).toEqual([400, 400, 201])
    expect(armed.body).toMatchObject({ action: 'hang', ms: 30_000 })
  })
})
