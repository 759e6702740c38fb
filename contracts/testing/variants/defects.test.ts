import { describe, expect, it } from 'vitest'
import { DEFECTS } from './defects.js'
import { failures, runWrapped } from './run-wrapped.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()

describe('the contract suite catches every injected defect (issue 12 section 2)', () => {
  it('has at least 40 distinct defects', () => expect(new Set(DEFECTS.map((d) => d.kind)).size).toBeGreaterThanOrEqual(40))

  it('names, for each defect, a check of the suite', () => {
    const ids = new Set(t.suite.checks.map((c) => c.id))
    expect(DEFECTS.filter((d) => !ids.has(d.by)).map((d) => d.by)).toEqual([])
  })

  // Each defect is run against the check that must catch it (the whole suite passing the variants and the clean
  // mock is proven elsewhere): the same proof, in a second instead of a whole run per defect.
  it.each(DEFECTS)('$kind: caught by $by', async ({ by, behaviour }) => {
    const report = await runWrapped(t.mock, t.suite, behaviour, { only: by })
    const failed = report.results.filter((r) => r.status === 'failed')
    expect(failed.map((r) => r.id), failures(report).join('\n')).toContain(by)
    const failure = failed.find((r) => r.id === by)!.failure!
    expect(failure.curl).toMatch(/^curl -X /)
    expect(failure.curl).not.toContain(t.mock.credentials.appToken)
  })
})
