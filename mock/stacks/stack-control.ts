import express, { Router, type Request } from 'express'
import type { MockDeps } from '../deps.js'
import { ApiError, notFound } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import { tierCampaigns } from '../checkout/checkout-project.js'
import type { NewStack } from './stack-store.js'
import type { StackingRules } from './stacking-rules.js'

/** The project a control request means: `project_id` (body or query), else the first project. */
function projectOf(deps: MockDeps, req: Request): ProjectState {
  const body = (req.body ?? {}) as Record<string, unknown>
  const id = (body.project_id ?? req.query.project_id) as string | undefined
  const project = id === undefined ? deps.projects.all()[0] : deps.projects.get(id)
  if (!project) throw notFound('project', String(id))
  return project
}

function objectBody(req: Request): Record<string, unknown> {
  const body = req.body as unknown
  if (body === undefined) return {}
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD', 'The body must be a JSON object')
  return body as Record<string, unknown>
}

/**
 * `/_mock/stacks` (create/list promotion stacks) and `/_mock/stacking-rules` (read/patch the rules the
 * validation response reports); the service's own stack endpoints are outside the API description.
 */
export function createStackControlRouter(deps: MockDeps): Router {
  const router = Router()
  router.use(express.json())
  router.post('/stacks', (req, res) => {
    const { project_id: _ignored, ...input } = objectBody(req)
    const project = projectOf(deps, req)
    res.json(project.stacks.create(input as unknown as NewStack, tierCampaigns(project)))
  })
  router.get('/stacks', (req, res) => {
    const stacks = projectOf(deps, req).stacks.list()
    res.json({ object: 'list', data_ref: 'data', data: stacks, total: stacks.length })
  })
  router.get('/stacking-rules', (req, res) => res.json(projectOf(deps, req).stacks.stackingRules()))
  router.put('/stacking-rules', (req, res) => {
    const { project_id: _ignored, ...patch } = objectBody(req)
    res.json(projectOf(deps, req).stacks.setStackingRules(checkRules(patch)))
  })
  return router
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
