import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { printReport } from './reporters/console.js'
import { DEFAULTS, runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'
import { issueBearerToken } from './target.js'
import type { RunReport } from './types.js'

let mock: MockServer
let suite: Suite
let report: RunReport

beforeAll(async () => {
  suite = await loadSuite()
  mock = await createMockServer()
  const bearerToken = await issueBearerToken(mock.url, mock.credentials.appId, mock.credentials.appToken)
  const credentials = { ...mock.credentials, bearerToken }
  report = await runSuite({ baseUrl: mock.url, credentials, ids: { projectId: mock.credentials.projectId }, isMock: true, validator: suite.validator, checks: suite.checks, concurrency: 8 })
})

afterAll(() => mock?.close())

describe('promokit contract against the in-process mock', () => {
  // Eight checks side by side: the run must not depend on one-at-a-time order (checks declare what they share).
  it('passes every check of the clean mock', () => {
    const failures = report.results.filter((r) => r.status === 'failed')
    if (failures.length > 0) {
      let text = ''
      printReport({ write: (t) => (text += t) }, report)
      expect.fail(text)
    }
    expect(report.summary.failed).toBe(0)
  })

  it('runs every check: none is skipped for lack of ids on the mock', () => {
    expect(report.results.filter((r) => r.status === 'skipped').map((r) => `${r.id}: ${r.reason}`)).toEqual([])
  })

  it('exercises every operation of the spec and no undocumented status', () => {
    expect(report.coverage.map((row) => row.operationId).sort()).toEqual(suite.validator.operations.map((op) => op.operationId).sort())
    for (const row of report.coverage) {
      expect(row.statuses.some((s) => s.exercised), row.operationId).toBe(true)
      expect(row.undocumented, row.operationId).toEqual([])
    }
  })

  it('deletes every campaign it created and lists what the API cannot delete as kept', async () => {
    expect(report.cleanup.failed).toEqual([])
    expect(report.cleanup.kept).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^category cat_\\S+ \\(${report.prefix}expand-category-`)), expect.stringMatching(/^redemption of /)]))
    const res = await fetch(`${mock.url}/v1/campaigns?limit=100`, { headers: { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken } })
    const names: string[] = ((await res.json()) as any).campaigns.map((c: any) => c.name)
    expect(names.filter((n) => n.startsWith(report.prefix))).toEqual([])
  })

  // Its wall time is a benchmark figure (npm run bench: contract_run_ms), not a unit-test assertion.
  it('stays within its request budget', () => {
    expect(report.requests).toBeLessThan(DEFAULTS.maxRequests)
  })
})

describe('promokit contract is safe on a shared target', () => {
  const appHeaders = () => ({ 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken })
  const run = (extra: Partial<Parameters<typeof runSuite>[0]>) =>
    runSuite({ baseUrl: mock.url, credentials: mock.credentials, ids: { projectId: mock.credentials.projectId }, isMock: true, validator: suite.validator, checks: suite.checks, ...extra })
  const leftovers = async (prefix: string) => {
    const res = await fetch(`${mock.url}/v1/campaigns?limit=100`, { headers: appHeaders() })
    return ((await res.json()) as any).campaigns.map((c: any) => c.name).filter((n: string) => n.startsWith(prefix))
  }

  it('--read-only sends nothing that changes state', async () => {
    await mock.reset()
    await fetch(`${mock.url}/_mock/requests`, { method: 'DELETE', headers: { 'content-type': 'application/json' } })
    const before = (await (await fetch(`${mock.url}/_mock/state?counts=true`)).json()) as Record<string, unknown>
    const readOnly = await run({ readOnly: true })
    expect(readOnly.summary.failed).toBe(0)
    expect(readOnly.results.every((r) => suite.checks.find((c) => c.id === r.id)?.readOnly)).toBe(true)
    const journal = ((await (await fetch(`${mock.url}/_mock/requests?limit=1000`)).json()) as any).requests as { method: string; operationId?: string }[]
    const writes = journal.filter((r) => r.operationId && r.method !== 'GET' && !['validateStackedDiscounts', 'clientValidateStackedDiscounts'].includes(r.operationId))
    expect(writes).toEqual([])
    expect(await (await fetch(`${mock.url}/_mock/state?counts=true`)).json()).toEqual({ ...before, now: expect.any(String) })
  })

  it('stops after the current check when interrupted and still cleans up', async () => {
    const abort = new AbortController()
    const interrupted = await run({ grep: /^campaigns\.create-/, signal: abort.signal, onCheckEnd: () => abort.abort() })
    expect(interrupted.results[0].status).toBe('passed')
    expect(interrupted.results.slice(1).map((r) => r.reason)).toEqual(interrupted.results.slice(1).map(() => 'interrupted (SIGINT)'))
    expect(interrupted.interrupted).toBe('interrupted (SIGINT)')
    expect(interrupted.cleanup.deleted.length).toBeGreaterThan(0)
    expect(await leftovers(interrupted.prefix)).toEqual([])
  })

  it('stops at the request budget and still cleans up', async () => {
    const limited = await run({ grep: /^campaigns\./, maxRequests: 6 })
    expect(limited.interrupted).toBe('request budget used up')
    expect(limited.summary.failed).toBe(0)
    expect(limited.results.find((r) => r.status === 'skipped')?.reason).toMatch(/^not run: request budget of 6 requests used up/)
    expect(limited.results.at(-1)).toMatchObject({ status: 'skipped', notRun: 'budget', reason: 'request budget used up' })
    expect(limited.cleanup.failed).toEqual([])
    expect(await leftovers(limited.prefix)).toEqual([])
  })
})
