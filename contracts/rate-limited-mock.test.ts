import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'

// The contract suite against the mock started with rate limits on (`promokit mock --rate-limit 50/min`): the
// mock sends the real service's X-Rate-Limit-* headers and 429s, the suite paces itself on them, and its
// waits advance the mock's clock (the windows run on it), so the run takes no wall time for its waits.
const LIMIT = 50

let suite: Suite
let mock: MockServer
beforeAll(async () => {
  suite = await loadSuite()
  mock = await createMockServer({ rateLimit: `${LIMIT}/min` })
})
afterAll(() => mock?.close())

describe('the contract suite against the rate-limited mock', () => {
  it('passes every check, reports no 429 as a failure and no check as not run', async () => {
    const report = await runSuite({
      baseUrl: mock.url, credentials: mock.credentials, ids: { projectId: mock.credentials.projectId }, isMock: true,
      validator: suite.validator, checks: suite.checks, concurrency: 4, clock: { now: () => mock.deps.clock.now(), sleep: async () => {} },
    })
    const failures = report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.problems[0]?.message}`)
    expect(failures).toEqual([])
    expect(report.summary.failed).toBe(0)
    expect(report.summary.rateLimited ?? 0).toBe(0)
    expect(report.cleanup.failed).toEqual([])
    // the run was long enough to meet the limit several times, and the suite waited for the windows
    expect(report.requests).toBeGreaterThan(LIMIT * 3)
    expect(report.rateLimit!.waitedMs).toBeGreaterThan(0)
    expect(report.rateLimit!.limit).toBeDefined()
  }, 120_000)
})
