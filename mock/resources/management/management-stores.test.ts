import { describe, expect, it } from 'vitest'
import { ManualClock, toIso, FIXTURE_EPOCH } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { catchApiError } from '../../testing/catch-api-error.js'
import { copyCampaignTemplate } from './copy-template.js'
import { MetadataSchemaStore } from './metadata-schema-store.js'
import { TemplateStore, type CampaignTemplate } from './template-store.js'

const template: CampaignTemplate = {
  id: 'camp_tpl_a',
  name: 'Welcome coupons',
  description: 'Ten percent off',
  campaign_type: 'DISCOUNT_COUPONS',
  created_at: toIso(FIXTURE_EPOCH - 1000),
  object: 'campaign_template',
}

function setup() {
  const clock = new ManualClock()
  const ids = sequentialIds()
  const a = { templates: new TemplateStore({ clock, ids }) }
  const b = { templates: new TemplateStore({ clock, ids }) }
  a.templates.add(template)
  const projects = new Map([['proj_a', a], ['proj_b', b]])
  return { clock, a, b, projects }
}

describe('copyCampaignTemplate', () => {
  it('copies a template into the destination project under a new id', () => {
    const { b, projects } = setup()
    const copy = copyCampaignTemplate(projects, 'proj_a', 'camp_tpl_a', { name: 'Copy', destination_project_id: 'proj_b' })
    expect(copy).toEqual({
      id: 'camp_tpl_0001',
      name: 'Copy',
      description: 'Ten percent off',
      campaign_type: 'DISCOUNT_COUPONS',
      created_at: toIso(FIXTURE_EPOCH),
      object: 'campaign_template',
    })
    expect(b.templates.get(copy.id).name).toBe('Copy')
  })

  it('answers 404 naming the unknown project or template', () => {
    const { projects } = setup()
    const req = { name: 'Copy', destination_project_id: 'proj_b' }
    expect(catchApiError(() => copyCampaignTemplate(projects, 'proj_x', 'camp_tpl_a', req))).toMatchObject({
      status: 404, resourceType: 'project', resourceId: 'proj_x', message: 'Cannot find project',
    })
    expect(catchApiError(() => copyCampaignTemplate(projects, 'proj_a', 'camp_tpl_x', req)).resourceType).toBe('campaign_template')
    const dest = catchApiError(() => copyCampaignTemplate(projects, 'proj_a', 'camp_tpl_a', { ...req, destination_project_id: 'proj_y' }))
    expect([dest.resourceType, dest.resourceId]).toEqual(['project', 'proj_y'])
  })

  it('answers 409 when the destination already has a template of that name', () => {
    const { projects } = setup()
    const error = catchApiError(() =>
      copyCampaignTemplate(projects, 'proj_a', 'camp_tpl_a', { name: 'Welcome coupons', destination_project_id: 'proj_a' }),
    )
    expect(error).toMatchObject({ status: 409, key: 'duplicate_found', resourceId: 'Welcome coupons', resourceType: 'campaign_template' })
  })
})

describe('MetadataSchemaStore', () => {
  it('gets a schema by id and answers 404 metadata_schema otherwise', () => {
    const store = new MetadataSchemaStore()
    store.add({
      id: 'ms_1', related_object: 'order', properties: { channel: { type: 'string', array: false, optional: true } },
      allow_defined_only: false, created_at: toIso(FIXTURE_EPOCH), updated_at: null, object: 'metadata_schema',
    })
    expect(store.get('ms_1').related_object).toBe('order')
    expect(catchApiError(() => store.get('ms_2')).resourceType).toBe('metadata_schema')
  })
})
