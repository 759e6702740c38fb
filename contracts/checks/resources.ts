import type { Check } from '../check.js'
import { createCampaign, enc } from './support.js'

const rewardPath = (rewardId: string, assignmentId: string): string => `/v1/rewards/${enc(rewardId)}/assignments/${enc(assignmentId)}`
const metadataSchemaPath = (projectId: string, schemaId: string): string => `/management/v1/projects/${enc(projectId)}/metadata-schemas/${enc(schemaId)}`
const copyTemplatePath = (projectId: string, templateId: string): string =>
  `/management/v1/projects/${enc(projectId)}/templates/campaigns/${enc(templateId)}/copy`

export const resourceChecks: Check[] = [
  {
    id: 'categories.create',
    title: 'create a category: 200 with a cat_ id and the hierarchy sent',
    operationIds: ['createCategory'],
    readOnly: false,
    requests: 1,
    value: 3,
    shares: { changes: ['categories'] },
    async run(ctx) {
      const name = ctx.name('category')
      const res = await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name, hierarchy: 7 } }, { status: 200 })
      ctx.expectField(res, '/name', name)
      ctx.expectField(res, '/hierarchy', 7)
    },
  },
  {
    id: 'categories.invalid-hierarchy-400',
    title: 'a category with hierarchy -1 gets 400',
    operationIds: ['createCategory'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name: ctx.name('bad-category'), hierarchy: -1 } }, { status: 400 })
      // the vendor's e_400_invalid_payload requires nothing: its key, when given, defaults to invalid_payload
      if (res.response.body?.key !== undefined) ctx.expectField(res, '/key', 'invalid_payload')
    },
  },
  {
    id: 'categories.expand-on-list-campaigns',
    title: 'listCampaigns?expand=category fills categories of a campaign created with a category',
    operationIds: ['createCategory', 'createCampaign', 'listCampaigns'],
    readOnly: false,
    requests: 5,
    value: 2,
    shares: { changes: ['campaign-list', 'categories'] },
    // The category and its campaign: the preparation (made ahead side by side).
    async prepare(ctx) {
      // The API cannot delete categories: this one stays, named with the run prefix (see Cleanup).
      const name = ctx.name('expand-category')
      const category = await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name, hierarchy: 3 } }, { status: 200 })
      const categoryId: string = category.response.body.id
      const created = await createCampaign(ctx, 'PROMOTION', 'with-category', { body: { category_id: categoryId } })
      return { name, categoryId, campaign: created.response.body }
    },
    async run(ctx) {
      const { name, categoryId, campaign } = await ctx.prepared<{ name: string; categoryId: string; campaign: any }>()
      // `category` is the documented value (it fills `categories`).
      const query = { limit: 10, expand: 'category', 'filters[campaigns][conditions][$is]': campaign.name }
      const res = await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query }, { status: 200 })
      const i = (res.response.body.campaigns ?? []).findIndex((c: any) => c?.id === campaign.id)
      if (i < 0) ctx.fail({ pointer: '/campaigns', message: 'the campaign filtered by its name must be listed', expected: campaign.id, actual: res.response.body.campaigns }, res)
      const categories = res.response.body.campaigns[i].categories
      const j = Array.isArray(categories) ? categories.findIndex((c: any) => c?.id === categoryId) : -1
      if (j < 0) ctx.fail({ pointer: `/campaigns/${i}/categories`, message: 'expand=category must fill the campaign\'s categories', expected: `a category with id ${categoryId}`, actual: categories }, res)
      ctx.expectField(res, `/campaigns/${i}/categories/${j}/name`, name)
      ctx.expectField(res, `/campaigns/${i}/categories/${j}/hierarchy`, 3)
    },
  },
  {
    id: 'rewards.update-assignment',
    title: 'update a reward assignment\'s points, then restore the old value',
    operationIds: ['updateRewardAssignment'],
    readOnly: false,
    needs: ['rewardId', 'assignmentId'],
    requests: 3,
    value: 3,
    shares: { reads: ['reward-assignment'], changes: ['reward-assignment'] },
    async run(ctx) {
      const path = rewardPath(ctx.ids.rewardId!, ctx.ids.assignmentId!)
      // A PUT without parameters shows the current value without needing getRewardAssignment (deployments may lack it).
      const current = await ctx.call({ operationId: 'updateRewardAssignment', method: 'PUT', path, body: {} }, { status: 200 })
      const old = current.response.body.parameters?.loyalty?.points
      if (!Number.isInteger(old)) ctx.skip('the assignment has no parameters.loyalty.points to change and restore')
      ctx.cleanup.add(`restore ${ctx.ids.assignmentId} points to ${old}`, async (client) => {
        const res = await client.send({ operationId: 'updateRewardAssignment', method: 'PUT', path, body: { parameters: { loyalty: { points: old } } } })
        if (res.response.status !== 200) throw new Error(`PUT answered ${res.response.status}`)
      }, path)
      const updated = await ctx.call({ operationId: 'updateRewardAssignment', method: 'PUT', path, body: { parameters: { loyalty: { points: old + 1 } } } }, { status: 200 })
      ctx.expectField(updated, '/id', ctx.ids.assignmentId)
      ctx.expectField(updated, '/parameters/loyalty/points', old + 1)
      ctx.expectField(updated, '/reward_id', ctx.ids.rewardId)
    },
  },
  {
    id: 'rewards.unknown-assignment-404',
    title: 'updating an unknown reward assignment gets 404 not_found',
    operationIds: ['updateRewardAssignment'],
    readOnly: false,
    needs: ['rewardId'],
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const path = rewardPath(ctx.ids.rewardId!, 'rewa_pkUnknown000000000000')
      const res = await ctx.call({ operationId: 'updateRewardAssignment', method: 'PUT', path, body: { parameters: { loyalty: { points: 1 } } } }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
  {
    id: 'management.metadata-schema',
    title: 'get a metadata schema of a project',
    operationIds: ['getMetadataSchema'],
    readOnly: true,
    needs: ['projectId', 'metadataSchemaId'],
    requests: 1,
    value: 3,
    shares: {},
    async run(ctx) {
      const path = metadataSchemaPath(ctx.ids.projectId!, ctx.ids.metadataSchemaId!)
      const res = await ctx.call({ operationId: 'getMetadataSchema', method: 'GET', path, auth: 'management' }, { status: 200 })
      ctx.expectField(res, '/id', ctx.ids.metadataSchemaId)
    },
  },
  {
    id: 'management.metadata-schema-unknown-404',
    title: 'an unknown metadata schema gets 404',
    operationIds: ['getMetadataSchema'],
    readOnly: true,
    needs: ['projectId'],
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const path = metadataSchemaPath(ctx.ids.projectId!, 'ms_pkUnknown000000000000')
      await ctx.call({ operationId: 'getMetadataSchema', method: 'GET', path, auth: 'management' }, { status: 404 })
    },
  },
  {
    id: 'management.copy-template',
    title: 'copy a campaign template into a project, then the same name again gets 409',
    operationIds: ['copyCampaignTemplate'],
    readOnly: false,
    needs: ['projectId', 'templateId'],
    requests: 2,
    value: 3,
    shares: { changes: ['templates'] },
    async run(ctx) {
      const path = copyTemplatePath(ctx.ids.projectId!, ctx.ids.templateId!)
      const body = { name: ctx.name('template'), description: `promokit contract run ${ctx.runId}`, destination_project_id: ctx.ids.projectId }
      const copy = await ctx.call({ operationId: 'copyCampaignTemplate', method: 'POST', path, body, auth: 'management' }, { status: 200 })
      ctx.expectField(copy, '/name', body.name)
      ctx.expectThat(copy, '/id', (id) => id !== ctx.ids.templateId, 'a new template id', 'the copy is a new template')
      const again = await ctx.call({ operationId: 'copyCampaignTemplate', method: 'POST', path, body, auth: 'management' }, { status: 409 })
      // The real service's management 409 examples carry no key: when one is sent, it must be duplicate_found.
      ctx.expectThat(again, '/key', (k) => k === undefined || k === 'duplicate_found', 'duplicate_found (or no key)')
      ctx.follows(again.response.body?.key === undefined ? 'management 409: no key (real service examples)' : 'management 409: key duplicate_found (API description)')
    },
  },
  {
    id: 'management.copy-unknown-template-404',
    title: 'copying an unknown template gets 404',
    operationIds: ['copyCampaignTemplate'],
    readOnly: false,
    needs: ['projectId'],
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const path = copyTemplatePath(ctx.ids.projectId!, 'camp_tpl_pkUnknown0000000000')
      const body = { name: ctx.name('template'), destination_project_id: ctx.ids.projectId }
      await ctx.call({ operationId: 'copyCampaignTemplate', method: 'POST', path, body, auth: 'management' }, { status: 404 })
    },
  },
]
