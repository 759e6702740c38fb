import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../testing/index.js'

const arm = (t: TestApp, fault: object) => t.request.post('/_mock/faults').send(fault)

describe('edit and status-rewrite faults (POST /_mock/faults)', () => {
  it('rewrites the status of answers the mock gave, keeping the body and moving an Error code with it', async () => {
    const t = await createTestApp()
    expect((await arm(t, { operationId: 'listCampaigns', action: 'status', status: 200, whenStatus: 400 })).status).toBe(201)
    const refused = await t.request.get('/v1/campaigns?limit=101').set(t.headers.app)
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({ code: 200, key: 'invalid_query_params' })
    // an answer of another status is left alone, and a plain status fault still answers before the handler
    expect((await t.request.get('/v1/campaigns?limit=2').set(t.headers.app)).body.campaigns).toHaveLength(2)
    await arm(t, { operationId: 'getCampaign', action: 'status', status: 200, whenStatus: 401 })
    expect((await t.request.get('/v1/campaigns/camp_nope').set({ 'X-App-Id': 'wrong', 'X-App-Token': 'wrong' })).status).toBe(200)
    expect((await t.request.get('/v1/campaigns/camp_nope').set(t.headers.app)).status).toBe(404)
  })

  it('edits the answer\'s headers: another content type, a header dropped', async () => {
    const t = await createTestApp()
    await arm(t, { operationId: 'listCampaigns', action: 'set', in: 'response.headers', name: 'Content-Type', value: 'text/html' })
    await arm(t, { operationId: 'listCampaigns', action: 'drop', in: 'response.headers', name: 'x-request-id' })
    const list = await t.request.get('/v1/campaigns').set(t.headers.app)
    expect(list.headers['content-type']).toBe('text/html')
    expect(list.headers['x-request-id']).toBeUndefined()
    expect((await t.request.get('/v1/categories').set(t.headers.app)).headers['content-type']).toMatch(/^application\/json/)
  })

  it('copies and moves values in the answer\'s body (JSON Patch), and moving from nothing changes nothing', async () => {
    const t = await createTestApp()
    const plain = (await t.request.get('/v1/campaigns?limit=3').set(t.headers.app)).body.campaigns.map((c: { id: string }) => c.id)
    await arm(t, { operationId: 'listCampaigns', action: 'copy', from: '/campaigns/0/id', pointer: '/campaigns/1/id' })
    await arm(t, { operationId: 'listCampaigns', action: 'move', from: '/campaigns/0', pointer: '/campaigns/-' })
    await arm(t, { operationId: 'listCampaigns', action: 'move', from: '/nothing', pointer: '/total' })
    const list = await t.request.get('/v1/campaigns?limit=3').set(t.headers.app)
    expect(list.body.campaigns.map((c: { id: string }) => c.id)).toEqual([plain[0], plain[2], plain[0]])
    expect(list.body.total).toBeGreaterThan(3)
  })

  it('edits the request before the mock reads it: a query parameter, a header, a body field', async () => {
    const t = await createTestApp()
    await arm(t, { operationId: 'listCampaigns', action: 'set', in: 'request.query', name: 'limit', value: 1 })
    expect((await t.request.get('/v1/campaigns?limit=5').set(t.headers.app)).body.campaigns).toHaveLength(1)
    await arm(t, { operationId: 'listCampaigns', action: 'drop', in: 'request.query', name: 'limit' })
    expect((await t.request.get('/v1/campaigns?limit=5').set(t.headers.app)).body.campaigns.length).toBeGreaterThan(1)

    await arm(t, { operationId: 'listCategories', action: 'drop', in: 'request.headers', name: 'X-App-Token' })
    const keyless = await t.request.get('/v1/categories').set(t.headers.app)
    expect(keyless.status).toBe(401)
    expectContract(keyless, 'listCategories')

    await arm(t, { operationId: 'createCategory', action: 'set', in: 'request.body', pointer: '/hierarchy', value: 7 })
    const created = await t.request.post('/v1/categories').set(t.headers.app).send({ name: 'edited-request', hierarchy: 1 })
    expect([created.status, created.body.hierarchy]).toEqual([200, 7])
  })

  it('narrows edits of the answer and status rewrites to the requests a matcher names', async () => {
    const t = await createTestApp()
    await arm(t, { operationId: 'getVoucher', action: 'set', pointer: '/code', value: 'EDITED', match: { params: { code: 'WELCOME-0002' } } })
    await arm(t, { operationId: 'getVoucher', action: 'status', status: 200, whenStatus: 404, match: { params: { code: 'NO-SUCH-CODE' } } })
    const read = async (code: string) => (await t.request.get(`/v1/vouchers/${code}`).set(t.headers.app))
    expect([(await read('WELCOME-0002')).body.code, (await read('WELCOME-0001')).body.code]).toEqual(['EDITED', 'WELCOME-0001'])
    expect([(await read('NO-SUCH-CODE')).status, (await read('OTHER-MISSING')).status]).toEqual([200, 404])
  })

  it('counts each edit as a hit and disarms it after `times`', async () => {
    const t = await createTestApp()
    await arm(t, { operationId: 'listCampaigns', action: 'set', in: 'request.query', name: 'limit', value: '1', times: 1 })
    expect((await t.request.get('/v1/campaigns?limit=2').set(t.headers.app)).body.campaigns).toHaveLength(1)
    expect((await t.request.get('/v1/campaigns?limit=2').set(t.headers.app)).body.campaigns).toHaveLength(2)
    expect((await t.request.get('/_mock/faults')).body.faults).toEqual([])
  })

  it.each([
    ['an unknown target', { action: 'drop', in: 'response.trailers', name: 'x' }, /^in: must be one of/],
    ['a header edit without a name', { action: 'drop', in: 'response.headers' }, /^name: a header name/],
    ['a header name that is no HTTP token', { action: 'set', in: 'request.headers', name: 'x y', value: '1' }, /^name: a header name/],
    ['a header value with a line break', { action: 'set', in: 'response.headers', name: 'x-a', value: 'a\r\nSet-Cookie: b' }, /^value: at most 8192 characters, without line breaks/],
    ['a header value of 10,000 characters', { action: 'set', in: 'response.headers', name: 'x-a', value: 'a'.repeat(10_000) }, /^value: at most 8192/],
    ['an object as a query value', { action: 'set', in: 'request.query', name: 'limit', value: { a: 1 } }, /^value: a header or query parameter value/],
    ['a pointer for a header', { action: 'drop', in: 'request.headers', name: 'x-a', pointer: '/a' }, /^pointer: an edit in request.headers takes a name/],
    ['a copy without from', { action: 'copy', pointer: '/a' }, /^from: a JSON pointer/],
    ['a copy of a header', { action: 'copy', in: 'response.headers', name: 'x-a' }, /^in: copy edits a body/],
    ['from on a set', { action: 'set', pointer: '/a', from: '/b', value: 1 }, /^from: only copy and move/],
    ['a value on a drop', { action: 'drop', pointer: '/a', value: 1 }, /^value: only action set/],
    ['an edit field on a status fault', { action: 'status', status: 500, in: 'request.query' }, /^in: only the edits/],
    ['whenStatus on a request edit', { action: 'drop', in: 'request.query', name: 'limit', whenStatus: 200 }, /^whenStatus: only a status fault or an edit of the answer/],
    ['a matcher on an edit of the request', { action: 'drop', in: 'request.query', name: 'limit', match: { query: { a: '1' } } }, /^match: an edit in request.query takes no matcher/],
    ['a 1xx whenStatus', { action: 'status', status: 200, whenStatus: 100 }, /^whenStatus: must be >= 200/],
  ])('refuses %s with a 400 naming the field, arming nothing', async (_, fault, details) => {
    const t = await createTestApp()
    const res = await arm(t, fault)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload' })
    expect(res.body.details).toMatch(details)
    expect((await t.request.get('/_mock/faults')).body.faults).toEqual([])
  })
})
