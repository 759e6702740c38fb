import { describe, expect, it } from 'vitest'
import { fitBudget, plannedRequests } from './budget.js'
import type { Check } from './check.js'
import { renderHtml } from './reporters/html.js'
import { runSuite, type RunOptions } from './runner.js'
import { scriptedServer } from './testing/test-servers.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'

const t = useSuiteAndMock()

const onMock = (extra: Partial<RunOptions>) =>
  runSuite({ baseUrl: t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true, validator: t.suite.validator, checks: t.suite.checks, ...extra })
const operations = () => new Set(t.suite.validator.operations.map((o) => o.operationId))

describe('--budget: the most valuable checks that fit', () => {
  it('at 100 requests covers every operation of the spec, by the checks\' own estimates', () => {
    const plan = fitBudget(t.suite.checks, 100)
    expect(plan.requests).toBeLessThanOrEqual(100)
    // Every operation of the spec (a check may also name one a target documents beyond it, e.g. revokeOAuthToken).
    const planned = new Set(plan.checks.flatMap((c) => c.operationIds))
    expect([...operations()].filter((op) => !planned.has(op))).toEqual([])
    expect(plan.dropped.length).toBeGreaterThan(0)
    // Kept in run order, so the listing checks still see a stable list before the writes.
    expect(plan.checks).toEqual(t.suite.checks.filter((c) => plan.checks.includes(c)))
  })

  it('prefers value per request once every operation is covered', () => {
    const cheap: Check = { id: 'x.cheap', title: 'cheap', operationIds: ['listCampaigns'], readOnly: true, requests: 1, value: 3, shares: {}, run: async () => {} }
    const dear: Check = { id: 'x.dear', title: 'dear', operationIds: ['listCampaigns'], readOnly: true, requests: 10, value: 5, shares: {}, run: async () => {} }
    const room = plannedRequests([]) + 5
    expect(fitBudget([dear, cheap], room).checks.map((c) => c.id)).toEqual(['x.cheap'])
  })

  it('a run with --budget 100 against the mock sends at most 100 requests, covers every operation and fails nothing', async () => {
    const report = await onMock({ budget: 100, concurrency: 4 })
    expect(report.requests).toBeLessThanOrEqual(100)
    expect(report.summary.failed).toBe(0)
    expect(report.interrupted).toBeUndefined()
    expect(report.coverage.filter((row) => !row.statuses.some((s) => s.exercised)).map((row) => row.operationId)).toEqual([])
    expect(report.cleanup.failed).toEqual([])
  })
})

describe('--max-requests is a hard limit', () => {
  it('the whole run, cleanup included, sends no more than it allows and still removes what it created', async () => {
    const report = await onMock({ maxRequests: 100 })
    expect(report.requests).toBeLessThanOrEqual(100)
    expect(report.interrupted).toBe('request budget used up')
    // the checks the limit cut off (mid-way or before they began) are not run, never failed
    expect(report.summary.failed).toBe(0)
    const cut = report.results.filter((r) => r.notRun === 'budget')
    expect(cut.length).toBeGreaterThan(0)
    expect(report.summary.overBudget).toBe(cut.length)
    expect(report.results.filter((r) => r.status !== 'passed' && r.notRun !== 'budget')).toEqual([])
    expect(renderHtml(report)).toContain(`<h1>promokit contract report: PASS (incomplete: ${cut.length} check(s) not run)</h1>`)
    expect(report.cleanup.failed).toEqual([])
    const res = await fetch(`${t.mock.url}/v1/campaigns?limit=100`, { headers: { 'X-App-Id': t.mock.credentials.appId, 'X-App-Token': t.mock.credentials.appToken } })
    expect(((await res.json()) as any).campaigns.filter((c: any) => c.name.startsWith(report.prefix))).toEqual([])
  })
})

describe('a target that keeps rate-limiting the run', () => {
  it('reports the checks as not run because of rate limiting, never as failed, and the summary says so', async () => {
    // The start-up probe gets through; then the key is blocked for an hour.
    let answered = 0
    const server = await scriptedServer(() =>
      answered++ === 0
        ? { status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns: [], total: 0 } }
        : { status: 429, headers: { 'retry-after': '3600' }, body: { code: 429, key: 'too_many_requests', message: 'Too many requests' } },
    )
    try {
      const slept: number[] = []
      const clock = { now: () => 0, sleep: async (ms: number) => void slept.push(ms) }
      const report = await runSuite({
        baseUrl: server.url, credentials: { appId: 'a', appToken: 'b' }, isMock: false, validator: t.suite.validator, checks: t.suite.checks,
        grep: /^list\.(paging|newest-first)$/, rateLimitWaitMs: 60_000, clock,
      })
      expect(report.summary).toMatchObject({ failed: 0, rateLimited: 2 })
      expect(report.results.map((r) => [r.status, r.notRun])).toEqual([['skipped', 'rate-limited'], ['skipped', 'rate-limited']])
      expect(report.results[0].reason).toMatch(/^not run: the target rate-limited the run and asked to wait 3600 s/)
      expect(slept).toEqual([])
    } finally {
      await server.close()
    }
  })
})
