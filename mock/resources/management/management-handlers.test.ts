import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, toIso } from '../../../src/clock.js'
import { createTestApp, expectContract } from '../../testing/index.js'

const copyPath = (projectId: string, templateId: string) => `/management/v1/projects/${projectId}/templates/campaigns/${templateId}/copy`
const schemaPath = (projectId: string, schemaId: string) => `/management/v1/projects/${projectId}/metadata-schemas/${schemaId}`

describe('POST /management/v1/projects/{projectId}/templates/campaigns/{campaignTemplateId}/copy', () => {
  it('copies a template into the destination project under a new id', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request
      .post(copyPath('proj_demo0001', 'camp_tpl_demo0001'))
      .set(headers.management)
      .send({ name: 'Welcome coupons (copy)', destination_project_id: 'proj_demo0002', description: 'For the second shop' })
    expectContract(res, 'copyCampaignTemplate')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Welcome coupons (copy)',
      description: 'For the second shop',
      campaign_type: 'DISCOUNT_COUPONS',
      created_at: toIso(FIXTURE_EPOCH),
      object: 'campaign_template',
    })
    expect(res.body.id).toMatch(/^camp_tpl_/)
    expect(res.body.id).not.toBe('camp_tpl_demo0001')
    expect(deps.projects.get('proj_demo0002')?.templates.get(res.body.id).name).toBe('Welcome coupons (copy)')
    expect(() => deps.projects.get('proj_demo0001')?.templates.get(res.body.id)).toThrow()
  })

  it('answers 404 project for an unknown path or destination project', async () => {
    const { request, headers } = await createTestApp()
    const body = { name: 'Copy', destination_project_id: 'proj_demo0002' }
    const unknownSource = await request.post(copyPath('proj_nope', 'camp_tpl_demo0001')).set(headers.management).send(body)
    expectContract(unknownSource, 'copyCampaignTemplate')
    expect(unknownSource.status).toBe(404)
    expect(unknownSource.body).toMatchObject({ message: 'Cannot find project', resource_id: 'proj_nope', resource_type: 'project' })
    const unknownDestination = await request
      .post(copyPath('proj_demo0001', 'camp_tpl_demo0001'))
      .set(headers.management)
      .send({ ...body, destination_project_id: 'proj_gone' })
    expectContract(unknownDestination, 'copyCampaignTemplate')
    expect(unknownDestination.status).toBe(404)
    expect(unknownDestination.body).toMatchObject({ message: 'Cannot find project', resource_id: 'proj_gone', resource_type: 'project' })
  })

  it('answers 404 campaign_template for an unknown template', async () => {
    const { request, headers } = await createTestApp()
    const res = await request
      .post(copyPath('proj_demo0001', 'camp_tpl_nope'))
      .set(headers.management)
      .send({ name: 'Copy', destination_project_id: 'proj_demo0002' })
    expectContract(res, 'copyCampaignTemplate')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ key: 'not_found', resource_id: 'camp_tpl_nope', resource_type: 'campaign_template' })
  })

  it('answers 409 when the destination already has a template of that name', async () => {
    const { request, headers } = await createTestApp()
    const body = { name: 'Seasonal coupons', destination_project_id: 'proj_demo0002' }
    const res = await request.post(copyPath('proj_demo0001', 'camp_tpl_demo0001')).set(headers.management).send(body)
    expectContract(res, 'copyCampaignTemplate')
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ key: 'duplicate_found', resource_id: 'Seasonal coupons', resource_type: 'campaign_template' })
  })

  it('answers 400 without a name and 401 with app keys', async () => {
    const { request, headers } = await createTestApp()
    const noName = await request.post(copyPath('proj_demo0001', 'camp_tpl_demo0001')).set(headers.management).send({ destination_project_id: 'proj_demo0002' })
    expectContract(noName, 'copyCampaignTemplate')
    expect(noName.status).toBe(400)
    const appKeys = await request.post(copyPath('proj_demo0001', 'camp_tpl_demo0001')).set(headers.app).send({ name: 'X', destination_project_id: 'proj_demo0002' })
    expectContract(appKeys, 'copyCampaignTemplate')
    expect(appKeys.status).toBe(401)
  })
})

describe('GET /management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}', () => {
  it('returns a seeded schema of either project', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get(schemaPath('proj_demo0001', 'ms_demo0005')).set(headers.management)
    expectContract(res, 'getMetadataSchema')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'ms_demo0005', related_object: 'order', object: 'metadata_schema' })
    expect(res.body.properties.channel).toMatchObject({ type: 'string', array: false, optional: true })
    const other = await request.get(schemaPath('proj_demo0002', 'ms_demob012')).set(headers.management)
    expectContract(other, 'getMetadataSchema')
    expect(other.body.related_object).toBe('voucher')
  })

  it('answers 404 for an unknown schema, a schema of another project, or an unknown project', async () => {
    const { request, headers } = await createTestApp()
    for (const [projectId, schemaId, type] of [
      ['proj_demo0001', 'ms_nope', 'metadata_schema'],
      ['proj_demo0002', 'ms_demo0001', 'metadata_schema'],
      ['proj_nope', 'ms_demo0001', 'project'],
    ]) {
      const res = await request.get(schemaPath(projectId, schemaId)).set(headers.management)
      expectContract(res, 'getMetadataSchema')
      expect(res.status).toBe(404)
      expect(res.body.resource_type).toBe(type)
    }
  })
})
