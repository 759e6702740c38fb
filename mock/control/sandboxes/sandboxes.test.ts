import { describe, expect, it } from 'vitest'
import { createTestApp, MOUNTS, expectContract, loadControlValidator } from '../../testing/index.js'

const campaign = (name: string) => ({ name, campaign_type: 'DISCOUNT_COUPONS', type: 'STATIC', vouchers_count: 1, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } })

describe('/_mock/sandboxes', () => {
  it('gives two parallel workers isolated projects that they reset without affecting each other', async () => {
    const { request, headers } = await createTestApp()
    const [a, b] = (await Promise.all([request.post('/_mock/sandboxes').type('json'), request.post('/_mock/sandboxes').type('json')])).map((res) => {
      expect(res.status).toBe(201)
      return res.body as { id: string; project_id: string; keys: Record<string, string> }
    })
    const keysOf = (s: typeof a) => ({ 'X-App-Id': s.keys.app_id, 'X-App-Token': s.keys.app_token })
    const total = async (keys: Record<string, string>) => (await request.get('/v1/campaigns?limit=1').set(keys)).body.total as number
    const fixtures = await total(headers.app)

    // each worker sees the fixtures, and what it creates only in its own sandbox
    const createdA = await request.post('/v1/campaigns').set(keysOf(a)).send(campaign('Worker A'))
    const createdB = await request.post('/v1/campaigns').set(keysOf(b)).send(campaign('Worker B'))
    expect([createdA.status, createdB.status]).toEqual([200, 200])
    expectContract(createdA, 'createCampaign')
    expect([await total(keysOf(a)), await total(keysOf(b)), await total(headers.app)]).toEqual([fixtures + 1, fixtures + 1, fixtures])

    // worker A resets its sandbox: its campaign is gone, B's stays, the default project is untouched
    const reset = await request.post(`/_mock/sandboxes/${a.id}/reset`).type('json')
    expect(reset.status).toBe(200)
    expect([await total(keysOf(a)), await total(keysOf(b)), await total(headers.app)]).toEqual([fixtures, fixtures + 1, fixtures])
    // A's keys still work after its reset, and the fixture vouchers are there again
    expect((await request.get('/v1/vouchers/WELCOME-0001').set(keysOf(a))).status).toBe(200)

    const listed = await request.get('/_mock/sandboxes')
    expect(listed.body.sandboxes.map((s: { id: string }) => s.id)).toEqual([a.id, b.id])
  })

  it('deletes one sandbox: its keys stop working, the other keeps going; a global reset removes all', async () => {
    const { request } = await createTestApp()
    const a = (await request.post('/_mock/sandboxes').type('json')).body
    const b = (await request.post('/_mock/sandboxes').type('json')).body
    expect((await request.delete(`/_mock/sandboxes/${a.id}`).type('json')).status).toBe(204)
    const gone = await request.get('/v1/campaigns').set({ 'X-App-Id': a.keys.app_id, 'X-App-Token': a.keys.app_token })
    const alive = await request.get('/v1/campaigns').set({ 'X-App-Id': b.keys.app_id, 'X-App-Token': b.keys.app_token })
    const missing = await request.post(`/_mock/sandboxes/${a.id}/reset`).type('json')
    expect([gone.status, alive.status, missing.status]).toEqual([401, 200, 404])

    await request.post('/_mock/reset').type('json')
    expect((await request.get('/_mock/sandboxes')).body.sandboxes).toEqual([])
    expect((await request.get('/v1/campaigns').set({ 'X-App-Id': b.keys.app_id, 'X-App-Token': b.keys.app_token })).status).toBe(401)
  })

  it('answers client keys on /client/v1 and management keys for its own project only', async () => {
    const { request, headers } = await createTestApp()
    const s = (await request.post('/_mock/sandboxes').type('json')).body
    const management = { 'X-Management-Id': s.keys.management_id, 'X-Management-Token': s.keys.management_token }
    const tiers = await request.get('/client/v1/promotions/tiers').set({ 'X-Client-Application-Id': s.keys.client_id, 'X-Client-Token': s.keys.client_token })
    const own = await request.get(`/management/v1/projects/${s.project_id}/metadata-schemas/ms_nope`).set(management)
    const other = await request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_nope').set(management)
    const globalKeys = await request.get(`/management/v1/projects/${s.project_id}/metadata-schemas/ms_nope`).set(headers.management)

    expect(tiers.status).toBe(200)
    expect(own.body).toMatchObject({ resource_type: 'metadata_schema' })
    expect(other.body).toMatchObject({ code: 404, resource_type: 'project' })
    expect(globalKeys.body).toMatchObject({ resource_type: 'metadata_schema' })
  })
})

describe('sandbox limit and the state dump (issue 21)', () => {
  for (const [mount, client] of MOUNTS) {
    it(`${mount}: past --max-sandboxes a create is a 409 in the Error format that creates nothing; a delete makes room`, async () => {
      const t = await createTestApp({ config: { maxSandboxes: 2 } })
      const http = client(t)
      const [a] = [(await http.post('/_mock/sandboxes').type('json')).body, (await http.post('/_mock/sandboxes').type('json')).body]
      const projects = t.deps.projects.all().length
      const refused = await http.post('/_mock/sandboxes').type('json')
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: 409, key: 'limit_exceeded', message: 'Sandbox limit reached' })
      expect(refused.body.details).toMatch(/at most 2 sandboxes at once \(maxSandboxes, flag --max-sandboxes\); delete one/)
      expectContract(refused, 'createSandbox', await loadControlValidator())
      expect([(await http.get('/_mock/sandboxes')).body.sandboxes.length, t.deps.projects.all().length]).toEqual([2, projects])
      expect((await http.delete(`/_mock/sandboxes/${a.id}`).type('json')).status).toBe(204)
      expect((await http.post('/_mock/sandboxes').type('json')).status).toBe(201)
    })

    it(`${mount}: /_mock/state counts each sandbox's project and dumps one whole on request`, async () => {
      const t = await createTestApp({ config: { maxSandboxes: 3 } })
      const http = client(t)
      const s = (await http.post('/_mock/sandboxes').type('json')).body
      await http.post('/v1/campaigns').set({ 'X-App-Id': s.keys.app_id, 'X-App-Token': s.keys.app_token }).send(campaign('In the sandbox'))
      const state = await http.get('/_mock/state')
      expectContract(state, 'getMockState', await loadControlValidator())
      const [demo, sandbox] = [state.body.projects[0], state.body.projects.find((p: { id: string }) => p.id === s.project_id)]
      expect(demo.campaigns.length).toBe(demo.counts.campaigns)
      expect(Object.keys(sandbox).sort()).toEqual(['counts', 'id', 'name', 'sandbox_id'])
      expect(sandbox).toMatchObject({ sandbox_id: s.id, counts: { campaigns: demo.counts.campaigns + 1 } })
      expect(state.body.sandboxes).toEqual({ count: 1, max: 3 })
      const one = await http.get(`/_mock/state?project=${s.project_id}`)
      expectContract(one, 'getMockState', await loadControlValidator())
      expect(one.body.projects).toHaveLength(1)
      expect(one.body.projects[0].campaigns.map((c: { name: string }) => c.name)).toContain('In the sandbox')
      const unknown = await http.get('/_mock/state?project=proj_nope')
      const twice = await http.get('/_mock/state?project=a&project=b')
      expect([unknown.status, unknown.body.resource_type, twice.status, twice.body.key]).toEqual([404, 'project', 400, 'invalid_query_params'])
    })
  }

  it("counts what each list of the dump holds (the counts come from the stores' sizes, not from the lists)", async () => {
    const t = await createTestApp()
    const lengths = (dump: Record<string, unknown[]>) => Object.fromEntries(Object.entries(dump).map(([name, list]) => [name, list.length]))

    for (const project of t.deps.projects.all()) expect(project.counts()).toEqual(lengths(project.dump()))
    expect(Object.values(t.deps.projects.all()[0].counts()).filter((n) => n > 0).length).toBeGreaterThanOrEqual(8)
  })

  it('stops at the default limit of 100 sandboxes, where /_mock/state holds their counts, not their objects', async () => {
    const t = await createTestApp()
    for (let i = 0; i < 100; i++) expect((await t.request.post('/_mock/sandboxes').type('json')).status).toBe(201)
    expect((await t.request.post('/_mock/sandboxes').type('json')).status).toBe(409)
    const state = await t.request.get('/_mock/state')
    expect(state.status).toBe(200)
    // each sandbox adds its counts (about 300 bytes), not its objects (about 18 KB)
    expect(state.text.length).toBeLessThan(2 * (await t.request.get('/_mock/state?project=proj_demo0001')).text.length + 100 * 500)
  }, 60_000)
})
