import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../testing/index.js'
import type { CampaignsList } from '../../src/types/index.js'
import type { OperationHandlers } from '../engine/handler-types.js'

const page: CampaignsList = { object: 'list', data_ref: 'campaigns', campaigns: [], total: 0 }
const handlers: OperationHandlers = { listCampaigns: () => ({ status: 200, body: page }) }

describe('POST /_mock/faults', () => {
  it('forces a status for the next n calls of an operation', async () => {
    const { request, headers } = await createTestApp({ handlers })
    const added = await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'status', status: 503, times: 1 })
    const faulty = await request.get('/v1/campaigns').set(headers.app)
    const healthy = await request.get('/v1/campaigns').set(headers.app)

    expect(added.status).toBe(201)
    expect(faulty.status).toBe(503)
    expect(faulty.body).toMatchObject({ code: 503 })
    expect(healthy.status).toBe(200)
  })

  it('drops and sets fields of a response without touching the stored data', async () => {
    const { request, headers } = await createTestApp()
    await request.post('/_mock/faults').send({ operationId: 'createCategory', action: 'drop', pointer: '/id' })
    await request.post('/_mock/faults').send({ operationId: 'createCategory', action: 'set', pointer: '/hierarchy', value: 'high' })
    const res = await request.post('/v1/categories').set(headers.app).send({ name: 'Faulty', hierarchy: 2 })

    expect(res.status).toBe(200)
    expect(res.body.id).toBeUndefined()
    expect(res.body.hierarchy).toBe('high')
    expect(() => expectContract(res, 'createCategory')).toThrow(/createCategory 200 breaks the contract/)
    const listed = await request.get('/_mock/faults')
    expect(listed.body.faults).toHaveLength(2)
  })

  it('applies a fault only to responses of its whenStatus', async () => {
    const { request, headers } = await createTestApp()
    await request.post('/_mock/faults').send({ operationId: 'createCategory', action: 'drop', pointer: '/key', whenStatus: 400 })
    const ok = await request.post('/v1/categories').set(headers.app).send({ name: 'Fine', hierarchy: 1 })
    const bad = await request.post('/v1/categories').set(headers.app).send({ name: 'Bad', hierarchy: -1 })

    expect(ok.body.id).toBeDefined()
    expect(bad.status).toBe(400)
    expect(bad.body.key).toBeUndefined()
  })

  it('skips request validation when told to', async () => {
    const { request, headers } = await createTestApp({ handlers })
    await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'skip-request-validation', times: 1 })
    const skipped = await request.get('/v1/campaigns?limit=500').set(headers.app)
    const checked = await request.get('/v1/campaigns?limit=500').set(headers.app)

    expect(skipped.status).toBe(200)
    expect(checked.status).toBe(400)
  })

  it('arms a fault for its operation only and disarms it after `times` hits', async () => {
    const { request, deps } = await createTestApp()
    await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'skip-request-validation', times: 1 })

    expect(deps.faults.active('getCampaign', 'skip-request-validation')).toBe(false)
    expect(deps.faults.active('listCampaigns', 'skip-request-validation')).toBe(true)
    expect(deps.faults.active('listCampaigns', 'skip-request-validation')).toBe(false)
  })

  it('refuses the removed domain actions page-overlap and export-stuck with 400 (set/drop faults express them)', async () => {
    const { request } = await createTestApp()
    for (const action of ['page-overlap', 'export-stuck']) {
      const res = await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action })
      expect(res.status).toBe(400)
      expect(res.body.details).toMatch(/^action:/)
    }
  })

  it('rejects a malformed fault with 400 naming the field, and DELETE clears them all', async () => {
    const { request } = await createTestApp()
    const bad = await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'explode' })
    const unknownOp = await request.post('/_mock/faults').send({ operationId: 'nope', action: 'status', status: 500 })
    await request.post('/_mock/faults').send({ action: 'status', status: 500 })
    const cleared = await request.delete('/_mock/faults').type('json')

    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 400, key: 'invalid_payload' })
    expect(bad.body.details).toMatch(/^action:/)
    expect(unknownOp.body.details).toMatch(/^operationId:/)
    expect(cleared.body).toEqual({ removed: 1 })
    expect((await request.get('/_mock/faults')).body.faults).toEqual([])
  })
})

describe('PUT /_mock/latency', () => {
  it('delays one operation by the given ms, and no other', async () => {
    const waits: number[] = []
    const delay = (ms: number) => (waits.push(ms), Promise.resolve())
    const { request, headers } = await createTestApp({ delay })
    const set = await request.put('/_mock/latency').send({ operationId: 'listCampaigns', ms: 60 })
    const res = await request.get('/v1/campaigns').set(headers.app)
    const other = await request.get(`/v1/campaigns/${res.body.campaigns[0].id}`).set(headers.app)
    expectContract(res, 'listCampaigns')
    expectContract(other, 'getCampaign')

    expect(set.body.operations).toEqual({ listCampaigns: 60 })
    expect(res.status).toBe(200)
    expect(other.status).toBe(200)
    expect(waits).toEqual([60])
  })

  it('rejects a negative latency', async () => {
    const { request } = await createTestApp()
    const res = await request.put('/_mock/latency').send({ ms: -1 })

    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(/^ms:/)
  })
})

describe('the clock', () => {
  it('advances the manual clock and reports it', async () => {
    const { request, clock } = await createTestApp()
    const before = clock.now()
    const res = await request.post('/_mock/clock/advance').send({ ms: 5_000 })
    const read = await request.get('/_mock/clock')

    expect(res.status).toBe(200)
    expect(clock.now()).toBe(before + 5_000)
    expect(read.body).toMatchObject({ epoch_ms: before + 5_000, now: new Date(before + 5_000).toISOString() })
  })

  it('finishes jobs: moves the clock to the end of the last pending generation', async () => {
    const { request, headers, clock } = await createTestApp()
    await request.put('/_mock/generation-rate').send({ rate: 100 })
    const created = await request.post('/v1/campaigns').set(headers.app).send({
      name: 'Slow batch',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 250,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, code_config: { pattern: 'SLOW-######' } },
    })
    const before = clock.now()
    const finished = await request.post('/_mock/jobs/finish').type('json')
    const read = await request.get(`/v1/campaigns/${created.body.id}`).set(headers.app)

    expect(created.status).toBe(200)
    expect(finished.body.advanced_ms).toBe(2_500)
    expect(clock.now()).toBe(before + 2_500)
    expect(read.body).toMatchObject({ vouchers_generation_status: 'DONE', vouchers_count: 250 })
    expectContract(read, 'getCampaign')
  })

  it('finishes jobs: no pending job moves nothing', async () => {
    const { request, clock } = await createTestApp()
    const before = clock.now()
    const res = await request.post('/_mock/jobs/finish').type('json')

    expect(res.body.advanced_ms).toBe(0)
    expect(clock.now()).toBe(before)
  })
})

describe('state, reset and the request journal', () => {
  it('journals every answer of the API, errors included, and none of the control API', async () => {
    const { request, headers } = await createTestApp()
    await request.delete('/_mock/requests').type('json').expect(200)
    await request.get('/v1/campaigns?limit=1').set(headers.app).expect(200)
    await request.get('/v1/campaigns').expect(401)
    await request.get('/v1/campaigns?limit=500').set(headers.app).expect(400)
    await request.get('/v1/nothing-here').set(headers.app).expect(404)
    await request.post('/v1/categories').set(headers.app).set('Content-Type', 'application/json').send('{"name":').expect(400)
    const journal = await request.get('/_mock/requests')
    expect(journal.body.requests.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /v1/campaigns 200',
      'GET /v1/campaigns 401',
      'GET /v1/campaigns 400',
      'GET /v1/nothing-here 404',
      'POST /v1/categories 400',
    ])
    expect(journal.body.requests[0]).toMatchObject({ operationId: 'listCampaigns', at: expect.any(String), requestId: expect.any(String) })
  })

  it('dumps each project, resets to the fixtures, and records requests', async () => {
    const { request, headers } = await createTestApp()
    await request.post('/v1/categories').set(headers.app).send({ name: 'Temporary', hierarchy: 9 })
    await request.put('/_mock/generation-rate').send({ rate: 5 })

    const state = await request.get('/_mock/state')
    const project = state.body.projects.find((p: { id: string }) => p.id === 'proj_demo0001')
    expect(project.categories.map((c: { name: string }) => c.name)).toContain('Temporary')
    expect(state.body.generation_rate).toBe(5)

    const journal = await request.get('/_mock/requests')
    expect(journal.body.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/categories', status: 200, operationId: 'createCategory' })

    const reset = await request.post('/_mock/reset').type('json')
    expect(reset.status).toBe(200)
    const after = await request.get('/_mock/state')
    const names = after.body.projects.find((p: { id: string }) => p.id === 'proj_demo0001').categories.map((c: { name: string }) => c.name)
    expect(names).not.toContain('Temporary')
    expect(after.body.generation_rate).toBe(1000)
    expect((await request.get('/_mock/requests')).body.requests).toEqual([])
  })

  it('loads a fixture set from the body, or refuses a broken one naming the field', async () => {
    const { request, headers, deps } = await createTestApp()
    const category = { id: 'cat_loaded01', name: 'Loaded', hierarchy: 3, created_at: '2026-01-10T09:00:00.000Z', object: 'category' }
    const loaded = await request.post('/_mock/fixtures').send({ categories: { proj_demo0002: [category] } })
    const broken = await request.post('/_mock/fixtures').send({ categories: { proj_demo0002: [{ ...category, id: 'camp_wrong' }] } })
    const unknownProject = await request.post('/_mock/fixtures').send({ categories: { proj_nowhere: [category] } })

    expect(loaded.status).toBe(200)
    expect(deps.projects.get('proj_demo0002')?.categories.get('cat_loaded01').name).toBe('Loaded')
    expect(broken.status).toBe(400)
    expect(broken.body.details).toMatch(/id/)
    expect(unknownProject.status).toBe(400)
    expect(unknownProject.body.details).toMatch(/proj_nowhere/)
    const used = await request.post('/v1/categories').set(headers.appB).send({ name: 'After load', hierarchy: 1 })
    expect(used.status).toBe(200)
  })

  it('replaces every project with ?replace=true', async () => {
    const { request, deps } = await createTestApp()
    const category = { id: 'cat_only01', name: 'Only', hierarchy: 0, created_at: '2026-01-10T09:00:00.000Z', object: 'category' }
    const res = await request.post('/_mock/fixtures?replace=true').send({ categories: { proj_demo0001: [category] } })

    expect(res.status).toBe(200)
    expect(deps.projects.get('proj_demo0001')?.categories.list().map((c) => c.id)).toEqual(['cat_only01'])
    expect(deps.projects.get('proj_demo0002')?.categories.size).toBe(0)
  })

  it('hands a control.loadFixtures hook the whole mock, the body and ?replace, instead of the built-in loader', async () => {
    const calls: unknown[][] = []
    const { request, deps } = await createTestApp({
      control: { loadFixtures: (given, fixtures, options) => (calls.push([given, fixtures, options]), { by: 'hook' }) },
    })
    const category = { id: 'cat_hooked01', name: 'Hooked', hierarchy: 1, created_at: '2026-01-10T09:00:00.000Z', object: 'category' }
    const res = await request.post('/_mock/fixtures?replace=true').send({ categories: { proj_demo0002: [category] } })

    expect(res.status).toBe(200)
    expect(res.body.loaded).toEqual({ by: 'hook' })
    expect(calls).toHaveLength(1)
    expect(calls[0][0]).toBe(deps)
    expect(calls[0].slice(1)).toEqual([{ categories: { proj_demo0002: [category] } }, { replace: true }])
    // the hook replaced the built-in loader: nothing was emptied nor loaded
    expect(deps.projects.get('proj_demo0002')?.categories.list().map((c) => c.id)).not.toContain('cat_hooked01')
    expect(deps.projects.get('proj_demo0001')?.categories.size).toBeGreaterThan(0)
  })

  it('answers unknown control routes and malformed bodies in the Error format', async () => {
    const { request } = await createTestApp()
    const missing = await request.get('/_mock/nothing')
    const malformed = await request.post('/_mock/clock/advance').set('Content-Type', 'application/json').send('{"ms":')

    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ code: 400, key: 'invalid_payload' })
  })
})
