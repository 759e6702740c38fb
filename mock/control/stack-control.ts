import { objectBody, type ControlCall, type ControlRoutes } from './control-call.js'
import type { MockDeps } from '../engine/mock-deps.js'
import { notFound } from '../engine/errors.js'
import type { ProjectState } from '../engine/project-state.js'
import { tierCampaigns } from '../resources/checkout/checkout-project.js'
import type { NewStack } from '../resources/stacks/stack-store.js'
import { checkStackingRules } from '../resources/stacks/stacking-rules.js'

/** The project a control request means: `project_id` (body or query), else the first project. */
function projectOf(deps: Pick<MockDeps, 'projects'>, call: ControlCall): ProjectState {
  const body = (call.body ?? {}) as Record<string, unknown>
  const id = (body.project_id ?? call.query.project_id) as string | undefined
  const project = id === undefined ? deps.projects.all()[0] : deps.projects.get(id)
  if (!project) throw notFound('project', String(id))
  return project
}

/**
 * `/_mock/stacks` (create/list promotion stacks) and `/_mock/stacking-rules` (read/patch the project's
 * stacking rules, which validations and redemptions enforce); the real service sets them in the project
 * settings, outside the API description.
 */
export function stackControlRoutes(deps: Pick<MockDeps, 'projects'>): ControlRoutes {
  return {
    'POST /stacks': (call) => {
      const { project_id: _ignored, ...input } = objectBody(call)
      const project = projectOf(deps, call)
      return { status: 200, body: project.stacks.create(input as unknown as NewStack, tierCampaigns(project)) }
    },
    'GET /stacks': (call) => {
      const stacks = projectOf(deps, call).stacks.list()
      return { status: 200, body: { object: 'list', data_ref: 'data', data: stacks, total: stacks.length } }
    },
    'GET /stacking-rules': (call) => ({ status: 200, body: projectOf(deps, call).stacks.stackingRules() }),
    'PUT /stacking-rules': (call) => {
      const { project_id: _ignored, ...patch } = objectBody(call)
      const stacks = projectOf(deps, call).stacks
      return { status: 200, body: stacks.setStackingRules(checkStackingRules(patch, stacks.stackingRules())) }
    },
  }
}
