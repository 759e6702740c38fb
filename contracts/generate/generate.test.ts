import { describe, expect, it } from 'vitest'
import { runSuite } from '../runner.js'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { failures } from '../variants/run-wrapped.js'
import { generatedChecks } from './index.js'

const t = useSuiteAndMock()

describe('--generate against the mock', () => {
  it('finds nothing', async () => {
    await t.mock.reset()
    const started = performance.now()
    const report = await runSuite({
      baseUrl: t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true,
      validator: t.suite.validator, checks: generatedChecks(t.suite.validator, { count: Number(process.env.N ?? 200), seed: Number(process.env.SEED ?? 42) }), concurrency: 4, maxRequests: 5000,
    })
    console.log(Math.round(performance.now() - started), 'ms', report.requests, 'requests', report.summary)
    for (const r of report.results.filter((x) => x.status !== 'passed')) console.log(r.id, r.status, r.reason ?? '', r.failure?.problems[0]?.message, r.failure?.curl)
    expect(failures(report)).toEqual([])
  })
})
