import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/server.js'
import { printReport } from './reporters/console.js'
import { runSuite } from './runner.js'
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
  report = await runSuite({ baseUrl: mock.url, credentials: { ...mock.credentials, bearerToken }, ids: { projectId: mock.credentials.projectId }, isMock: true, validator: suite.validator, checks: suite.checks })
})

afterAll(() => mock?.close())

describe('promokit contract against the in-process mock', () => {
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
    for (const row of report.coverage) {
      expect(row.statuses.some((s) => s.exercised), row.operationId).toBe(true)
      expect(row.undocumented, row.operationId).toEqual([])
    }
  })

  it('deletes every campaign it created', async () => {
    expect(report.cleanup.failed).toEqual([])
    const res = await fetch(`${mock.url}/v1/campaigns?limit=100`, { headers: { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken } })
    const names: string[] = ((await res.json()) as any).campaigns.map((c: any) => c.name)
    expect(names.filter((n) => n.startsWith(report.prefix))).toEqual([])
  })

  it('stays within its request budget and time', () => {
    expect(report.requests).toBeLessThan(500)
    expect(report.durationMs).toBeLessThan(5_000)
  })
})
