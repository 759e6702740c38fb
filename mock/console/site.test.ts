import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { ContractValidator } from '../../src/validation/validator.js'
import { createTestApp, expectContract, loadControlValidator } from '../testing/index.js'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let control: ContractValidator
beforeAll(async () => {
  control = await loadControlValidator()
})

describe('GET / and the spec', () => {
  it('answers a browser with the home page, with the keys and links, and an API client with the API 404', async () => {
    const { request, deps } = await createTestApp()
    const page = await request.get('/').set('Accept', BROWSER_ACCEPT)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.text).toContain(deps.config.credentials.projects[0].appToken)
    expect(page.text).toContain('href="/_mock/ui"')

    const api = await request.get('/').set('Accept', '*/*')
    expect(api.status).toBe(404)
    expect(api.body).toMatchObject({ key: 'not_found', resource_type: 'route' })
  })

  it('escapes what it shows from the configuration', async () => {
    const { request } = await createTestApp({ seeder: () => {}, config: { credentials: { projects: [{ projectId: 'p1', projectName: '<script>x</script>', appId: 'a', appToken: 't' }] } } })
    const page = await request.get('/').set('Accept', BROWSER_ACCEPT)
    expect(page.text).not.toContain('<script>x</script>')
    expect(page.text).toContain('&lt;script&gt;x&lt;/script&gt;')
  })

  it('serves the spec as one document in JSON and YAML, with no reference to another file', async () => {
    const { request, deps } = await createTestApp()
    const json = await request.get('/openapi.json')
    expect(json.status).toBe(200)
    expect(json.headers['content-type']).toMatch(/^application\/json/)
    expect(Object.keys(json.body.paths).sort()).toEqual(Object.keys(deps.spec.paths ?? {}).sort())
    const refs = JSON.stringify(json.body).match(/"\$ref":"[^#][^"]*"/g)
    expect(refs).toBeNull()

    const yaml = await request.get('/openapi.yaml')
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/)
    expect(parse(yaml.text)).toEqual(json.body)
  })
})

describe('GET /_mock/ui', () => {
  it('serves the console page and its assets from the mock itself', async () => {
    const { request } = await createTestApp()
    const page = await request.get('/_mock/ui')
    expectContract(page, 'getConsole', control)
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((url) => !url.startsWith('data:'))
    expect(assets.length).toBeGreaterThanOrEqual(4)
    for (const asset of assets) {
      expect(asset.startsWith('/_mock/ui/assets/')).toBe(true)
      expect((await request.get(asset)).status).toBe(200)
    }
    const missing = await request.get('/_mock/ui/assets/nope.js')
    expect(missing.status).toBe(404)
    expect(missing.body.key).toBe('not_found')
  })

  it('overview: campaigns with generation status and exports with status, without using up a fault or the journal', async () => {
    const t = await createTestApp()
    const campaign = await t.request
      .post('/v1/campaigns')
      .set(t.headers.app)
      .send({ name: 'Big batch', campaign_type: 'DISCOUNT_COUPONS', type: 'STATIC', vouchers_count: 5000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } })
    expect(campaign.status).toBe(200)
    const exported = await t.request.post('/v1/campaigns/camp_demo0002/transactions/export').set(t.headers.app).send({})
    t.deps.faults.add({ operationId: 'getExport', action: 'set', pointer: '/status', value: 'SCHEDULED' })
    const journaled = t.deps.journal.list().length

    const res = await t.request.get('/_mock/ui/overview?limit=3')
    expectContract(res, 'getConsoleOverview', control)
    const [a] = res.body.projects
    expect(a.campaigns).toHaveLength(3)
    expect(a.campaigns[0]).toMatchObject({ name: 'Big batch', vouchers_generation_status: 'IN_PROGRESS' })
    expect(a.exports).toEqual([{ id: exported.body.id, created_at: exported.body.created_at, status: 'SCHEDULED' }])
    expect(a.counts).toMatchObject({ campaigns: 6, exports: 1 })

    t.clock.advance(60_000)
    const later = (await t.request.get('/_mock/ui/overview')).body.projects[0]
    expect(later.campaigns[0].vouchers_generation_status).toBe('DONE')
    expect(later.exports[0].status).toBe('DONE')
    expect(t.deps.faults.list()[0].hits).toBe(0)
    expect(t.deps.journal.list()).toHaveLength(journaled)
  })

  it('refuses a bad limit with a 400 in the Error format', async () => {
    const { request } = await createTestApp()
    const res = await request.get('/_mock/ui/overview?limit=0')
    expectContract(res, 'getConsoleOverview', control)
    expect(res.status).toBe(400)
  })
})
