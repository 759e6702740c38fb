import { Router } from 'express'
import type { MockDeps } from '../deps.js'

/**
 * `/_mock/sandboxes`: create (201, with the sandbox's keys), list, reset one, delete one. The routes
 * only translate HTTP: what a sandbox is lives in SandboxRegistry (no HTTP), on `deps.sandboxes`.
 */
export function createSandboxRouter(deps: MockDeps): Router {
  const router = Router()
  router.post('/sandboxes', (_req, res) => res.status(201).json(deps.sandboxes.create()))
  router.get('/sandboxes', (_req, res) => res.json({ sandboxes: deps.sandboxes.list() }))
  router.get('/sandboxes/:id', (req, res) => res.json(deps.sandboxes.get(req.params.id)))
  router.post('/sandboxes/:id/reset', (req, res) => res.json(deps.sandboxes.reset(req.params.id)))
  router.delete('/sandboxes/:id', (req, res) => {
    deps.sandboxes.delete(req.params.id)
    res.status(204).end()
  })
  return router
}
