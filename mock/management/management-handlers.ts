import type { OperationHandlers } from '../types.js'
import { copyCampaignTemplate } from './copy-template.js'
import type { TemplateCopyRequest } from './template-store.js'

// Management keys see every project: the pipeline resolves `project` from the path's projectId (404 if unknown).
export const managementHandlers = {
  copyCampaignTemplate: ({ params, body }, { deps }) => ({
    status: 200,
    body: copyCampaignTemplate(deps.projects, params.projectId, params.campaignTemplateId, body as TemplateCopyRequest),
  }),
  getMetadataSchema: ({ params }, { project }) => ({
    status: 200,
    body: project.metadataSchemas.get(params.metadataSchemaId),
  }),
} satisfies OperationHandlers
