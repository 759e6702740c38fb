import express, { Router, type Request } from 'express'
import type { MockDeps } from '../deps.js'
import { ApiError, notFound } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import { tierCampaigns } from '../checkout/checkout-project.js'
import type { NewStack } from './stack-store.js'
import { checkStackingRules } from './stacking-rules.js'

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
 * `/_mock/stacks` (create/list promotion stacks) and `/_mock/stacking-rules` (read/patch the project's
 * stacking rules, which validations and redemptions enforce); the real service sets them in the project
 * settings, outside the API description.
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
    const stacks = projectOf(deps, req).stacks
    res.json(stacks.setStackingRules(checkStackingRules(patch, stacks.stackingRules())))
  })
  return router
}
