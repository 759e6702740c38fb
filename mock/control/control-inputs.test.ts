import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/index.js'

/** What a control request may change, to compare before and after a refused one. */
const stateOf = async ({ request }: TestApp) => {
  const [state, faults, latency, sandboxes] = await Promise.all(['/_mock/state', '/_mock/faults', '/_mock/latency', '/_mock/sandboxes'].map((path) => request.get(path)))
  return JSON.stringify([state.body, faults.body, latency.body, sandboxes.body])
}

const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token', Origin: 'http://localhost:5173' }

// Issue 21 §2-3: each of these answered 500 or hung, most leaving the mock answering 500 until a restart.
describe('control inputs that broke the mock (issue 21)', () => {
  it.each([
    ['a clock move past year 9999', 'post', '/_mock/clock/advance', { ms: 9e15 }, /^ms: must be <= 253402300799999/],
    ['a clock move within range but past year 9999 from now', 'post', '/_mock/clock/advance', { ms: 253402300799999 }, /^ms: must be from 0 to \d+ \(the clock stops at 9999-12-31T23:59:59.999Z\)/],
    ['a generation rate of 1e-300', 'put', '/_mock/generation-rate', { rate: 1e-300 }, /^rate: must be >= 0.001/],
    ['a fault status of 100', 'post', '/_mock/faults', { action: 'status', status: 100 }, /^status: must be >= 200/],
    ['a latency of an hour', 'put', '/_mock/latency', { ms: 3_600_000 }, /^ms: must be <= 600000/],
    ['a fault used up after 1e12 hits', 'post', '/_mock/faults', { action: 'status', status: 503, times: 1e12 }, /^times: must be <= 1000000/],
  ] as const)('refuses %s with a 400 naming the field, changing nothing', async (_, method, path, body, details) => {
    const t = await createTestApp()
    const before = await stateOf(t)
    const res = await t.request[method](path).send(body)

    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload' })
    expect(res.body.details).toMatch(details)
    expect(await stateOf(t)).toBe(before)
    expect((await t.request.post('/_mock/reset').type('json')).status).toBe(200)
  })

  it('stops a length rewrite from stretching a list into millions of nulls', async () => {
    const { request, headers } = await createTestApp()
    await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/length', value: 2e7 }).expect(201)
    await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/99999999', value: 1 }).expect(201)
    const list = await request.get('/v1/campaigns').set(headers.app)

    expect(list.status).toBe(200)
    expect(list.text.length).toBeLessThan(100_000)
    expect(list.body.campaigns).toHaveLength(list.body.total)
  })

  it('finishes jobs at the slowest generation rate without a 500', async () => {
    const { request, headers } = await createTestApp()
    await request.put('/_mock/generation-rate').send({ rate: 0.001 }).expect(200)
    const campaign = { name: 'Slow', campaign_type: 'DISCOUNT_COUPONS', type: 'AUTO_UPDATE', vouchers_count: 100, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } }
    await request.post('/v1/campaigns').set(headers.app).send(campaign).expect(200)

    expect((await request.post('/_mock/jobs/finish').type('json')).status).toBe(200)
    expect((await request.get('/_mock/state?counts=true')).status).toBe(200)
  })

  it('keeps /_mock/state and the console answering after a session LOCK of 1e9 days (public client keys)', async () => {
    const { request } = await createTestApp()
    const session = { key: 'ssn_forever', type: 'LOCK', ttl: 1e9, ttl_unit: 'DAYS' }
    const validation = await request.post('/client/v1/validations').set(CLIENT).send({ order: { amount: 10_000 }, redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], session })
    const state = await request.get('/_mock/state')
    const overview = await request.get('/_mock/ui/overview')

    expect(validation.status).toBe(200)
    expect(state.status).toBe(200)
    expect(overview.status).toBe(200)
    expect(overview.body.projects[0].sessions).toEqual([expect.objectContaining({ key: 'ssn_forever', expires_at: '9999-12-31T23:59:59.999Z' })])
  })

  it.each([
    ['get', '/_mock/sandboxes/%ZZ'],
    ['delete', '/_mock/sandboxes/%ZZ'],
    ['post', '/_mock/sandboxes/%ZZ/reset'],
  ] as const)('answers %s %s 400 invalid_path_params', async (method, path) => {
    const { request } = await createTestApp()
    const res = await request[method](path).type('json')

    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_path_params', details: expect.stringMatching(/^sandboxId: /) })
  })

  it('reads a repeated query key on the console overview as qs does (no 500)', async () => {
    const { request } = await createTestApp()
    expect((await request.get('/_mock/ui/overview?a=1&a=2')).status).toBe(200)
    expect((await request.get('/_mock/ui/overview?limit=1&limit=2')).status).toBe(400)
  })

  it('refuses fixtures naming an unknown project before emptying anything (replace=true)', async () => {
    const t = await createTestApp()
    const before = await stateOf(t)
    const res = await t.request.post('/_mock/fixtures?replace=true').send({ categories: { proj_demo0002: [], proj_nope: [] } })

    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(/project proj_nope does not exist/)
    expect(await stateOf(t)).toBe(before)
  })
})
