import { ApiError } from '../../engine/errors.js'
import type { CampaignTemplateCopyRequest } from '../../../src/types/index.js'
import type { CampaignTemplate, TemplateStore } from './template-store.js'

/** The projects a management key can see, each with its template store. */
export interface ProjectsWithTemplates {
  get(projectId: string): { templates: TemplateStore } | undefined
}

// The real service's management 404 says "Cannot find project ..." (notes §2.7).
const cannotFindProject = (projectId: string): ApiError =>
  new ApiError('NOT_FOUND', `Cannot find project with id ${projectId}`, {
    message: 'Cannot find project',
    resourceId: projectId,
    resourceType: 'project',
  })

/**
 * Copy Campaign Template to a Project: source project (path) → template → destination project (body).
 * Each unknown one is a 404 naming it; a name already used in the destination is a 409.
 */
export function copyCampaignTemplate(
  projects: ProjectsWithTemplates,
  projectId: string,
  templateId: string,
  request: CampaignTemplateCopyRequest,
): CampaignTemplate {
  const source = projects.get(projectId)
  if (!source) throw cannotFindProject(projectId)
  const template = source.templates.get(templateId)
  const destination = projects.get(request.destination_project_id)
  if (!destination) throw cannotFindProject(request.destination_project_id)
  return destination.templates.receiveCopy(template, request)
}
