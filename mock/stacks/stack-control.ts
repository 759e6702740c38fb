import { objectBody, type ControlCall, type ControlRoutes } from '../control/control-call.js'
import type { MockDeps } from '../deps.js'
import { ApiError, notFound } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import { tierCampaigns } from '../checkout/checkout-project.js'
import type { NewStack } from './stack-store.js'
import type { StackingRules } from './stacking-rules.js'

/** The project a control request means: `project_id` (body or query), else the first project. */
function projectOf(deps: MockDeps, call: ControlCall): ProjectState {
  const body = (call.body ?? {}) as Record<string, unknown>
  const id = (body.project_id ?? call.query.project_id) as string | undefined
  const project = id === undefined ? deps.projects.all()[0] : deps.projects.get(id)
  if (!project) throw notFound('project', String(id))
  return project
}

/**
 * `/_mock/stacks` (create/list promotion stacks) and `/_mock/stacking-rules` (read/patch the rules the
 * validation response reports); the service's own stack endpoints are outside the API description.
 */
export function stackControlRoutes(deps: MockDeps): ControlRoutes {
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
      return { status: 200, body: projectOf(deps, call).stacks.setStackingRules(checkRules(patch)) }
    },
  }
}

const ENUMS: Partial<Record<keyof StackingRules, readonly string[]>> = {
  redeemables_sorting_rule: ['CATEGORY_HIERARCHY', 'REQUESTED_ORDER'],
  redeemables_application_mode: ['ALL', 'PARTIAL'],
}

function checkRules(patch: Record<string, unknown>): Partial<StackingRules> {
  for (const [field, allowed] of Object.entries(ENUMS)) {
    if (patch[field] !== undefined && !allowed.includes(patch[field] as string)) {
      throw new ApiError('INVALID_PAYLOAD', `${field}: must be one of ${allowed.join(', ')}`)
    }
  }
  if (patch.redeemables_application_mode === 'PARTIAL') {
    throw new ApiError('INVALID_PAYLOAD', 'redeemables_application_mode: the mock implements ALL only (all or nothing)')
  }
  const limit = patch.applicable_redeemables_limit
  if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 30)) {
    throw new ApiError('INVALID_PAYLOAD', 'applicable_redeemables_limit: must be an integer from 1 to 30')
  }
  return patch as Partial<StackingRules>
}
