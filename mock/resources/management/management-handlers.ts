import type { TypedHandlers } from '../../engine/typed-handlers.js'
import { copyCampaignTemplate } from './copy-template.js'
import type { MetadataSchema } from './metadata-schema-store.js'
import { templatePage } from './template-list.js'

// Management keys see every project: the pipeline resolves `project` from the path's projectId (404 if unknown).
export const managementHandlers = {
  copyCampaignTemplate: ({ params, body }, { deps }) => ({
    status: 200,
    body: copyCampaignTemplate(deps.projects, params.projectId, params.campaignTemplateId, body),
  }),
  getMetadataSchema: ({ params }, { project }) => ({
    status: 200,
    body: project.metadataSchemas.get(params.metadataSchemaId),
  }),
} satisfies TypedHandlers<'copyCampaignTemplate' | 'getMetadataSchema'>

// The vendor names the array differently in its two lists: `schemas` under /v1, `data` under /management/v1.
const schemaList = (schemas: MetadataSchema[]) => ({
  status: 200 as const,
  body: { object: 'list' as const, data_ref: 'schemas' as const, schemas, total: schemas.length },
})

const projectSchemaList = (schemas: MetadataSchema[]) => ({
  status: 200 as const,
  body: { object: 'list' as const, data_ref: 'data' as const, data: schemas, total: schemas.length },
})

/** The lists, under /v1 (the app keys' project) and under /management/v1 (the path's project): the same answers. */
export const managementListHandlers = {
  listCampaignTemplates: ({ query }, { project }) => ({ status: 200, body: templatePage(project.templates.list(), query) }),
  listProjectCampaignTemplates: ({ query }, { project }) => ({ status: 200, body: templatePage(project.templates.list(), query) }),
  listMetadataSchemas: (_req, { project }) => schemaList(project.metadataSchemas.list()),
  listProjectMetadataSchemas: (_req, { project }) => projectSchemaList(project.metadataSchemas.list()),
  getMetadataSchemaByResource: ({ params }, { project }) => ({ status: 200, body: project.metadataSchemas.byResource(params.resource) }),
} satisfies TypedHandlers<'listCampaignTemplates' | 'listProjectCampaignTemplates' | 'listMetadataSchemas' | 'listProjectMetadataSchemas' | 'getMetadataSchemaByResource'>
