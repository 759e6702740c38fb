import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 13 item 6: List Campaign Templates and List Metadata Schemas, under /v1 (app keys) and
// /management/v1/projects/{projectId} (management keys), as the real service documents both.
const paths = {
  templates: { v1: '/v1/templates/campaigns', management: '/management/v1/projects/proj_demo0001/templates/campaigns' },
  schemas: { v1: '/v1/metadata-schemas', management: '/management/v1/projects/proj_demo0001/metadata-schemas' },
}
const ops = {
  templates: { v1: 'listCampaignTemplates', management: 'listProjectCampaignTemplates' },
  schemas: { v1: 'listMetadataSchemas', management: 'listProjectMetadataSchemas' },
}
const get = (t: TestApp, via: 'v1' | 'management', path: string) => t.request.get(path).set(via === 'v1' ? t.headers.app : t.headers.management)
const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((x) => x.id)

describe.each(['v1', 'management'] as const)('lists through %s', (via) => {
  it('lists the campaign templates oldest first, with a copy made into the project', async () => {
    const t = await createTestApp()
    const copy = await t.request.post('/management/v1/projects/proj_demo0002/templates/campaigns/camp_tpl_demob001/copy').set(t.headers.management)
      .send({ name: 'From B', destination_project_id: 'proj_demo0001' })
    t.clock.advance(1000)
    const res = await get(t, via, `${paths.templates[via]}?include_total=true`)
    expectContract(res, ops.templates[via])
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'data', total: 3, has_more: false })
    expect(ids(res)).toEqual(['camp_tpl_demo0001', 'camp_tpl_demo0002', copy.body.id])
    expect(res.body.data[2]).toEqual(copy.body)
    const withoutTotal = await get(t, via, paths.templates[via])
    expect(withoutTotal.body).not.toHaveProperty('total')
  })

  it('pages with the more_starting_after cursor in every order, and refuses an unknown cursor with 404', async () => {
    const t = await createTestApp()
    for (const [order, expected] of [['name', ['camp_tpl_demo0002', 'camp_tpl_demo0001']], ['-created_at', ['camp_tpl_demo0002', 'camp_tpl_demo0001']], ['id', ['camp_tpl_demo0001', 'camp_tpl_demo0002']]] as const) {
      const first = await get(t, via, `${paths.templates[via]}?limit=1&order=${order}`)
      expectContract(first, ops.templates[via])
      expect(first.body).toMatchObject({ has_more: true, more_starting_after: expected[0] })
      const second = await get(t, via, `${paths.templates[via]}?limit=1&order=${order}&starting_after_id=${first.body.more_starting_after}`)
      expect([...ids(first), ...ids(second)], order).toEqual(expected)
      expect(second.body.has_more).toBe(false)
      expect(second.body).not.toHaveProperty('more_starting_after')
    }
    const unknown = await get(t, via, `${paths.templates[via]}?starting_after_id=camp_tpl_nope`)
    expectContract(unknown, ops.templates[via])
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ resource_type: 'campaign_template', resource_id: 'camp_tpl_nope' })
  })

  it('lists every metadata schema of the project, each as getMetadataSchema reads it', async () => {
    const t = await createTestApp()
    const res = await get(t, via, paths.schemas[via])
    expectContract(res, ops.schemas[via])
    // as the vendor's descriptions name them: `schemas` under /v1, `data` (data_ref "data") under /management/v1
    const array = via === 'v1' ? 'schemas' : 'data'
    expect(res.body).toMatchObject({ object: 'list', data_ref: array, total: res.body[array].length })
    expect(Object.keys(res.body).sort()).toEqual(['data_ref', 'object', 'total', array].sort())
    expect(res.body[array].length).toBeGreaterThan(1)
    const one = await t.request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001').set(t.headers.management)
    expect(res.body[array].find((s: { id: string }) => s.id === 'ms_demo0001')).toEqual(one.body)
  })
})

describe('project scoping', () => {
  it('keeps each project to its own templates and schemas; an unknown project is a 404', async () => {
    const t = await createTestApp()
    const b = await t.request.get('/v1/templates/campaigns').set(t.headers.appB)
    expectContract(b, 'listCampaignTemplates')
    expect(ids(b)).toEqual(['camp_tpl_demob001'])
    const bSchemas = await t.request.get('/management/v1/projects/proj_demo0002/metadata-schemas').set(t.headers.management)
    expect(bSchemas.body.data.map((s: { id: string }) => s.id)).not.toContain('ms_demo0001')
    const unknown = await t.request.get('/management/v1/projects/proj_nope/metadata-schemas').set(t.headers.management)
    expectContract(unknown, 'listProjectMetadataSchemas')
    expect(unknown.status).toBe(404)
    const appKeys = await t.request.get('/management/v1/projects/proj_demo0001/templates/campaigns').set(t.headers.app)
    expect(appKeys.status).toBe(401)
  })
})

describe('GET /v1/metadata-schemas/{resource}', () => {
  it('answers the schema of one resource type, as the lists hold it; an undefined one is a 404', async () => {
    const t = await createTestApp()
    const listed = (await t.request.get('/v1/metadata-schemas').set(t.headers.app)).body.schemas as Array<{ related_object: string }>
    const res = await t.request.get('/v1/metadata-schemas/campaign').set(t.headers.app)
    expectContract(res, 'getMetadataSchemaByResource')
    expect(res.status).toBe(200)
    expect(res.body).toEqual(listed.find((s) => s.related_object === 'campaign'))
    const custom = await t.request.get('/v1/metadata-schemas/no_such_object').set(t.headers.app)
    expectContract(custom, 'getMetadataSchemaByResource')
    expect(custom.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'metadata_schema', resource_id: 'no_such_object' })
  })

  it("reads the caller's own project only, and needs the app keys", async () => {
    const t = await createTestApp()
    const a = await t.request.get('/v1/metadata-schemas/campaign').set(t.headers.app)
    const b = await t.request.get('/v1/metadata-schemas/campaign').set(t.headers.appB)
    const bListed = (await t.request.get('/v1/metadata-schemas').set(t.headers.appB)).body.schemas as Array<{ id: string; related_object: string }>
    expect(b.status === 404 ? undefined : b.body.id).toBe(bListed.find((s) => s.related_object === 'campaign')?.id)
    expect(b.body.id).not.toBe(a.body.id)
    const management = await t.request.get('/v1/metadata-schemas/campaign').set(t.headers.management)
    expectContract(management, 'getMetadataSchemaByResource')
    expect(management.status).toBe(401)
  })
})
