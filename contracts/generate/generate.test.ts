import { describe, expect, it } from 'vitest'
import { checksPerOperation } from '../checks-per-operation.js'
import { planChecks, runSuite } from '../runner.js'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { failures } from '../variants/run-wrapped.js'
import { generatedChecks } from './index.js'

const t = useSuiteAndMock()

const run = async (checks: ReturnType<typeof generatedChecks>, urls?: string[]) => {
  await t.mock.reset()
  return runSuite({
    baseUrl: t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true,
    validator: t.suite.validator, checks, concurrency: 4, maxRequests: 5000, onCheckExchange: (_id, ex) => void urls?.push(`${ex.request.method} ${ex.request.url.replace(/^http:\/\/[^/]+/, '')} ${ex.request.body ?? ''}`),
  })
}

describe('--generate (issue 25 section 2)', () => {
  it('has a generated check for every operation of the spec, and stateful sequences', () => {
    const checks = generatedChecks(t.suite.validator, { count: 100, seed: 1 })
    expect(checksPerOperation(checks, t.suite.validator.operations).filter((row) => row.checks === 0)).toEqual([])
    expect(checks.map((c) => c.id)).toContain('generate.stateful-campaigns')
  })

  it('finds nothing against the clean mock', async () => {
    const report = await run(generatedChecks(t.suite.validator, { count: 300, seed: 42 }))
    expect(failures(report)).toEqual([])
    expect(report.summary.passed).toBe(report.results.length)
  })

  it('sends the same requests for the same seed (a failure replays)', async () => {
    const [a, b]: string[][] = [[], []]
    const only = () => generatedChecks(t.suite.validator, { count: 400, seed: 7 }).filter((c) => c.id === 'generate.listVouchers')
    await run(only(), a)
    await run(only(), b)
    expect(a.length).toBeGreaterThan(5)
    expect(b).toEqual(a)
  })

  it('keeps under --read-only only what changes nothing', () => {
    const planned = planChecks(generatedChecks(t.suite.validator, { count: 100, seed: 1 }), { readOnly: true })
    expect(planned.length).toBeGreaterThan(20)
    const byId = new Map(t.suite.validator.operations.map((op) => [op.operationId, op]))
    expect(planned.filter((c) => c.operationIds.some((id) => byId.get(id)!.method !== 'GET' && !['validateStackedDiscounts', 'clientValidateStackedDiscounts'].includes(id))).map((c) => c.id)).toEqual([])
  })
})

describe('the fixed suite covers every operation (issue 25 section 1)', () => {
  it('no operation of the spec has 0 checks', () => {
    const rows = checksPerOperation(t.suite.checks, t.suite.validator.operations)
    expect(rows.filter((row) => row.checks === 0)).toEqual([])
    expect(rows.length).toBe(t.suite.validator.operations.length)
  })
})
