import express, { Router, type Request } from 'express'
import { toIso } from '../../src/clock.js'
import type { MockDeps } from '../deps.js'
import { ApiError } from '../errors.js'
import { advanceClock, clockView, finishJobs } from './clock-control.js'
import { parseFault } from './fault-input.js'
import { loadFixtures } from './load-fixtures.js'
import { resetMock } from './reset.js'
import { createStackControlRouter } from '../stacks/stack-control.js'
import { createSandboxRouter } from '../sandboxes/sandbox-router.js'

/** Body of a control request as an object (express.json leaves `{}` when there is none). */
const bodyOf = (req: Request): Record<string, unknown> => {
  const body = req.body as unknown
  if (body === undefined) return {}
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD', 'The body must be a JSON object')
  return body as Record<string, unknown>
}

function nonNegative(value: unknown, field: string, { positive = false } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (positive && value === 0)) {
    throw new ApiError('INVALID_PAYLOAD', `${field}: must be a ${positive ? 'positive' : 'non-negative'} number`)
  }
  return value
}

export interface ControlHooks {
  /** Replaces how `POST /_mock/fixtures` loads a fixture set into the running projects. */
  loadFixtures?: (deps: MockDeps, fixtures: unknown, options: { replace: boolean }) => Promise<unknown> | unknown
}

/** The `/_mock` control API (documented in mock/control/control-openapi.yaml). */
export function createControlRouter(deps: MockDeps, hooks: ControlHooks = {}): Router {
  const router = Router()
  router.use(express.json({ limit: Math.max(deps.config.maxBodyBytes, 32 * 1024 * 1024) }))

  router.post('/reset', async (_req, res) => {
    await resetMock(deps)
    res.json({ reset: true, now: toIso(deps.clock.now()), projects: summary(deps) })
  })

  router.post('/fixtures', async (req, res) => {
    const load = hooks.loadFixtures ?? loadFixtures
    const loaded = await load(deps, bodyOf(req), { replace: req.query.replace === 'true' })
    res.json({ loaded, projects: summary(deps) })
  })

  router.get('/state', (req, res) => {
    const countsOnly = req.query.counts === 'true'
    res.json({
      now: toIso(deps.clock.now()),
      generation_rate: deps.config.generationRate,
      projects: deps.projects.all().map((p) => ({ id: p.id, name: p.name, counts: p.counts(), ...(countsOnly ? {} : p.dump()) })),
    })
  })

  router.post('/jobs/finish', (_req, res) => {
    const advancedMs = finishJobs(deps.clock, deps.projects)
    res.json({ advanced_ms: advancedMs, ...clockView(deps.clock) })
  })

  router.get('/clock', (_req, res) => res.json(clockView(deps.clock)))
  router.post('/clock/advance', (req, res) => {
    advanceClock(deps.clock, nonNegative(bodyOf(req).ms, 'ms'))
    res.json(clockView(deps.clock))
  })

  router.get('/generation-rate', (_req, res) => res.json({ rate: deps.config.generationRate }))
  router.put('/generation-rate', (req, res) => {
    deps.config.generationRate = nonNegative(bodyOf(req).rate, 'rate', { positive: true })
    res.json({ rate: deps.config.generationRate })
  })

  router.get('/latency', (_req, res) => res.json(deps.latency.snapshot()))
  router.put('/latency', (req, res) => {
    const body = bodyOf(req)
    const operationId = body.operationId
    if (operationId !== undefined && (typeof operationId !== 'string' || !deps.validator.operation(operationId))) {
      throw new ApiError('INVALID_PAYLOAD', `operationId: unknown operation ${JSON.stringify(operationId)}`)
    }
    deps.latency.set(nonNegative(body.ms, 'ms'), operationId as string | undefined)
    res.json(deps.latency.snapshot())
  })

  router.get('/faults', (_req, res) => res.json({ faults: deps.faults.list() }))
  router.post('/faults', (req, res) => {
    const fault = deps.faults.add(parseFault(bodyOf(req), (id) => deps.validator.operation(id) !== undefined))
    res.status(201).json(fault)
  })
  router.delete('/faults', (_req, res) => {
    const removed = deps.faults.size
    deps.faults.clear()
    res.json({ removed })
  })

  router.get('/requests', (req, res) => {
    const limit = req.query.limit === undefined ? undefined : Number(req.query.limit)
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new ApiError('INVALID_QUERY_PARAMS', 'limit: must be a positive integer')
    res.json({ requests: deps.journal.list(limit) })
  })
  router.delete('/requests', (_req, res) => {
    deps.journal.clear()
    res.json({ cleared: true })
  })
  router.use(createStackControlRouter(deps))
  router.use(createSandboxRouter(deps))

  return router
}

const summary = (deps: MockDeps) => deps.projects.all().map((p) => ({ id: p.id, name: p.name, counts: p.counts() }))
