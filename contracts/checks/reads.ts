import type { Check } from '../check.js'
import { early, enc } from './support.js'
import { listItems } from '../list-shapes.js'

// Read-only checks of the operations next to the nine (issue 13 item 6): only documented paths and
// parameters, so they may run against any deployment, `--read-only` included.

const assignmentsPath = (rewardId: string): string => `/v1/rewards/${enc(rewardId)}/assignments`

export const readChecks: Check[] = [
  {
    id: 'categories.list',
    title: 'list categories: a list of categories whose total counts them',
    operationIds: ['listCategories'],
    readOnly: true,
    requests: 1,
    value: 2,
    shares: { reads: ['categories'] },
    async run(ctx) {
      const res = await ctx.call({ operationId: 'listCategories', method: 'GET', path: '/v1/categories' }, { status: 200 })
      ctx.expectThat(res, '/total', (total) => Number.isInteger(total) && total >= res.response.body.data.length, 'at least the number of categories listed')
    },
  },
  {
    id: 'categories.get',
    title: 'get a category: the one listed, field for field',
    operationIds: ['listCategories', 'getCategory'],
    readOnly: true,
    requests: 2,
    value: 2,
    shares: { reads: ['categories'] },
    async run(ctx) {
      const list = await ctx.call({ operationId: 'listCategories', method: 'GET', path: '/v1/categories' }, { status: 200 })
      const listed = list.response.body.data?.[0]
      if (!listed) ctx.skip('the project has no category to read')
      const res = await ctx.call({ operationId: 'getCategory', method: 'GET', path: `/v1/categories/${enc(listed.id)}` }, { status: 200 })
      for (const field of ['id', 'name', 'hierarchy', 'created_at']) ctx.expectField(res, `/${field}`, listed[field], 'getCategory answers the category listCategories lists')
    },
  },
  {
    id: 'categories.get-unknown-404',
    title: 'an unknown category gets 404 not_found',
    operationIds: ['getCategory'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'getCategory', method: 'GET', path: '/v1/categories/cat_pkUnknown000000000000' }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
  {
    id: 'rewards.get-assignment',
    title: 'get a reward assignment: its id and its reward',
    operationIds: ['getRewardAssignment'],
    readOnly: true,
    needs: ['rewardId', 'assignmentId'],
    requests: 1,
    value: 2,
    shares: { reads: ['reward-assignment'] },
    async run(ctx) {
      const res = await ctx.call({ operationId: 'getRewardAssignment', method: 'GET', path: `${assignmentsPath(ctx.ids.rewardId!)}/${enc(ctx.ids.assignmentId!)}` }, { status: 200 })
      ctx.expectField(res, '/id', ctx.ids.assignmentId)
      ctx.expectField(res, '/reward_id', ctx.ids.rewardId)
    },
  },
  {
    id: 'rewards.list-assignments',
    title: "list a reward's assignments: all of that reward, the known one among them",
    operationIds: ['listRewardAssignments'],
    readOnly: true,
    needs: ['rewardId', 'assignmentId'],
    requests: 1,
    value: 2,
    shares: { reads: ['reward-assignment'] },
    async run(ctx) {
      const res = await ctx.call({ operationId: 'listRewardAssignments', method: 'GET', path: assignmentsPath(ctx.ids.rewardId!), query: { limit: 100 } }, { status: 200 })
      const data: any[] = res.response.body.data
      ctx.expectThat(res, '/data', (items: any[]) => items.every((a) => a?.reward_id === ctx.ids.rewardId), `only assignments of ${ctx.ids.rewardId}`)
      if (res.response.body.total <= 100) ctx.expectThat(res, '/data', () => data.some((a) => a?.id === ctx.ids.assignmentId), `${ctx.ids.assignmentId} among them`)
    },
  },
  {
    id: 'rewards.get-unknown-assignment-404',
    title: 'reading an unknown reward assignment gets 404 not_found',
    operationIds: ['getRewardAssignment'],
    readOnly: true,
    needs: ['rewardId'],
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'getRewardAssignment', method: 'GET', path: `${assignmentsPath(ctx.ids.rewardId!)}/rewa_pkUnknown000000000000` }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
  ...(['app', 'management'] as const).map((via): Check => ({
    id: `templates.list-${via === 'app' ? 'v1' : 'management'}`,
    title: `list campaign templates (${via === 'app' ? '/v1, app keys' : '/management/v1, management keys'}): cursor pages add up to one listing`,
    operationIds: [via === 'app' ? 'listCampaignTemplates' : 'listProjectCampaignTemplates'],
    readOnly: true,
    needs: via === 'app' ? [] : ['projectId'],
    requests: 3,
    value: 2,
    shares: { reads: ['templates'] },
    async run(ctx) {
      const operationId = via === 'app' ? 'listCampaignTemplates' : 'listProjectCampaignTemplates'
      const path = via === 'app' ? '/v1/templates/campaigns' : `/management/v1/projects/${enc(ctx.ids.projectId!)}/templates/campaigns`
      // The full listing and the first page side by side (two reads of one listing), judged in turn.
      const pendingFirst = early(ctx.call({ operationId, method: 'GET', path, auth: via, query: { limit: 1 } }, { status: 200 }))
      const all = await ctx.call({ operationId, method: 'GET', path, auth: via, query: { limit: 100, include_total: true } }, { status: 200 })
      const listed: string[] = (listItems(all.response.body) ?? []).map((t: any) => t?.id)
      ctx.expectThat(all, '/total', (total) => total === undefined || total >= listed.length, 'at least the number of templates listed')
      if (listed.length < 2) ctx.skip('the project has fewer than two campaign templates to page through')
      const first = await pendingFirst
      ctx.expectField(first, '/has_more', true, 'more templates follow the first of several')
      const cursor = first.response.body.more_starting_after ?? listItems(first.response.body)?.[0]?.id
      const second = await ctx.call({ operationId, method: 'GET', path, auth: via, query: { limit: 1, starting_after_id: cursor } }, { status: 200 })
      ctx.expectThat(second, `/${second.response.body.data_ref}/0/id`, (id) => id === listed[1], `${listed[1]}, the second of the full listing`)
    },
  })),
  ...(['app', 'management'] as const).map((via): Check => ({
    id: `metadata-schemas.list-${via === 'app' ? 'v1' : 'management'}`,
    title: `list metadata schemas (${via === 'app' ? '/v1, app keys' : '/management/v1, management keys'}): the known schema among them`,
    operationIds: [via === 'app' ? 'listMetadataSchemas' : 'listProjectMetadataSchemas'],
    readOnly: true,
    needs: via === 'app' ? ['metadataSchemaId'] : ['projectId', 'metadataSchemaId'],
    requests: 1,
    value: 2,
    shares: {},
    async run(ctx) {
      const operationId = via === 'app' ? 'listMetadataSchemas' : 'listProjectMetadataSchemas'
      const path = via === 'app' ? '/v1/metadata-schemas' : `/management/v1/projects/${enc(ctx.ids.projectId!)}/metadata-schemas`
      const res = await ctx.call({ operationId, method: 'GET', path, auth: via }, { status: 200 })
      const schemas = listItems(res.response.body) ?? []
      ctx.expectThat(res, '/total', (total) => total >= schemas.length, 'at least the number of schemas listed')
      ctx.expectThat(res, `/${res.response.body.data_ref}`, () => schemas.some((s) => s?.id === ctx.ids.metadataSchemaId), `${ctx.ids.metadataSchemaId} among them`)
    },
  })),
  {
    id: 'metadata-schemas.by-resource',
    title: 'get the metadata schema of a resource (/v1, app keys): the one the list holds for it',
    operationIds: ['listMetadataSchemas', 'getMetadataSchemaByResource'],
    readOnly: true,
    requests: 2,
    value: 2,
    shares: {},
    async run(ctx) {
      const list = await ctx.call({ operationId: 'listMetadataSchemas', method: 'GET', path: '/v1/metadata-schemas' }, { status: 200 })
      // Through data_ref: the real service names this list's array `schemas` and, in its default text, `data` (notes §8.6).
      const listed = listItems(list.response.body)?.find((s: any) => typeof s?.related_object === 'string')
      if (!listed) ctx.skip('the project has no metadata schema to read')
      const one = await ctx.call({ operationId: 'getMetadataSchemaByResource', method: 'GET', path: `/v1/metadata-schemas/${enc(listed.related_object)}` }, { status: 200 })
      ctx.expectField(one, '/id', listed.id, 'the schema the list holds for this related_object')
    },
  },
  {
    id: 'promotions.tiers',
    title: "promotion tiers: the listed tier reads the same by id and in its campaign's tiers",
    operationIds: ['listPromotionTiers', 'getPromotionTier', 'listCampaignPromotionTiers'],
    readOnly: true,
    requests: 3,
    value: 2,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      const list = await ctx.call({ operationId: 'listPromotionTiers', method: 'GET', path: '/v1/promotions/tiers', query: { limit: 10 } }, { status: 200 })
      ctx.expectThat(list, '/total', (total) => total === undefined || total >= list.response.body.tiers.length, 'at least the number of tiers listed')
      const listed = list.response.body.tiers?.[0]
      if (!listed) ctx.skip('the project has no promotion tier to read')
      // The tier by id and its campaign's tiers: two reads, side by side, judged in turn.
      const campaignId = listed.campaign_id ?? listed.campaign?.id
      const pendingOfCampaign = typeof campaignId === 'string' ? early(ctx.call({ operationId: 'listCampaignPromotionTiers', method: 'GET', path: `/v1/promotions/${enc(campaignId)}/tiers` }, { status: 200 })) : undefined
      const one = await ctx.call({ operationId: 'getPromotionTier', method: 'GET', path: `/v1/promotions/tiers/${enc(listed.id)}` }, { status: 200 })
      for (const field of ['id', 'name', 'campaign_id']) ctx.expectField(one, `/${field}`, listed[field], 'getPromotionTier answers the tier listPromotionTiers lists')
      if (!pendingOfCampaign) return ctx.skip('the listed tier names no campaign')
      const ofCampaign = await pendingOfCampaign
      ctx.expectThat(ofCampaign, '/tiers', (tiers: any[]) => tiers.some((t) => t?.id === listed.id), `${listed.id} among its campaign's tiers`)
    },
  },
  {
    id: 'promotions.get-unknown-tier-404',
    title: 'an unknown promotion tier gets 404 not_found',
    operationIds: ['getPromotionTier'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'getPromotionTier', method: 'GET', path: '/v1/promotions/tiers/promo_pkUnknown000000000000' }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
]

/** After the export checks, so that against the mock the run's own export is there to be listed. */
export const exportReadChecks: Check[] = [
  {
    id: 'exports.list',
    title: 'list exports: newest first, each as getExport reads it',
    operationIds: ['listExports', 'getExport'],
    readOnly: true,
    requests: 2,
    value: 2,
    shares: { reads: ['exports'] },
    async run(ctx) {
      const res = await ctx.call({ operationId: 'listExports', method: 'GET', path: '/v1/exports', query: { limit: 5, order: '-created_at' } }, { status: 200 })
      const exports: any[] = res.response.body.exports
      ctx.expectThat(res, '/total', (total) => Number.isInteger(total) && total >= exports.length, 'at least the number of exports listed')
      const times = exports.map((e) => Date.parse(e?.created_at))
      ctx.expectThat(res, '/exports', () => times.every((t, i) => i === 0 || times[i - 1] >= t), 'newest first with order=-created_at')
      const first = exports[0]
      if (!first) ctx.skip('the project has no export to read back')
      const one = await ctx.call({ operationId: 'getExport', method: 'GET', path: `/v1/exports/${enc(first.id)}` }, { status: 200 })
      ctx.expectField(one, '/id', first.id)
      ctx.expectField(one, '/created_at', first.created_at, 'getExport answers the export listExports lists')
    },
  },
]
