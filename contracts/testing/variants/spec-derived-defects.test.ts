import { describe, expect, it } from 'vitest'
import type { FaultInput } from '../../../mock/control/faults.js'
import { generatedChecks } from '../../generate/index.js'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { SPEC_DERIVED_DEFECTS } from './spec-derived-defects.js'
import { failures, runAgainst } from './run-wrapped.js'

const t = useSuiteAndMock()
const SEED = 25

/** The one check `id` (fixed, or generated with `generate` requests and the seed) against the mock with `faults` armed. */
function runOne(id: string, faults: readonly FaultInput[], generate?: number) {
  const checks = id.startsWith('generate.') ? generatedChecks(t.suite.validator, { count: generate ?? 200, seed: SEED }) : t.suite.checks
  return runAgainst(t.mock, t.suite, faults.length > 0 ? { faults } : { clean: true }, { checks, only: [id] })
}

describe('each check issue 25 added catches a defect injected for it, where it should (and passes without it)', () => {
  const ids = [...new Set(SPEC_DERIVED_DEFECTS.map((d) => d.by))]

  it.each(ids)('%s passes on the clean mock', async (id) => {
    const report = await runOne(id, [], SPEC_DERIVED_DEFECTS.find((d) => d.by === id)?.generate)
    expect(failures(report)).toEqual([])
    expect(report.results.map((r) => r.status)).toEqual(['passed'])
  })

  it.each(SPEC_DERIVED_DEFECTS)('$kind: caught by $by at $where', async ({ by, where, faults, generate }) => {
    const armed = faults(t.mock.credentials)
    const report = await runOne(by, armed, generate)
    const failed = report.results.find((r) => r.id === by && r.status === 'failed')
    expect(failed, JSON.stringify(report.results.map((r) => [r.id, r.status, r.reason]))).toBeDefined()
    expect(report.unfired.length, 'caught because of the defect: at least one of its faults fired').toBeLessThan(armed.length)
    const problems = failed!.failure!.problems
    expect(problems.some((p) => p.pointer.startsWith(where) || p.keyword === where || p.location === where || p.message.includes(where)), JSON.stringify(problems)).toBe(true)
    expect(failed!.failure!.curl).toMatch(/^curl -X /)
    expect(failed!.failure!.curl).not.toContain(t.mock.credentials.appToken)
    if (by.startsWith('generate.')) expect(problems[0].message).toMatch(new RegExp(`seed ${SEED}; replay: promokit contract --generate \\d+ --seed ${SEED}`))
  })
})
