import { describe, expect, it } from 'vitest'
import { DEFECTS } from './defects.js'
import { expectCaught } from './expect-caught.js'
import { failures, runAgainst } from './run-wrapped.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()
const named = [...new Set(DEFECTS.map((d) => d.by))]

describe('the contract suite catches every injected defect (issue 12 section 2)', () => {
  it('has at least 60 distinct defects, all but the three that remember an earlier request faults of the mock\'s own engine', () => {
    expect(new Set(DEFECTS.map((d) => d.kind)).size).toBeGreaterThanOrEqual(60)
    expect(DEFECTS.filter((d) => !('faults' in d)).map((d) => d.kind)).toEqual(['a session lock never expiring', 'a page overlapping the previous one', 'deleted campaign still listed'])
  })

  it('names, for each defect, a check of the suite and the problem it must report', () => {
    const ids = new Set(t.suite.checks.map((c) => c.id))
    expect(DEFECTS.filter((d) => !ids.has(d.by)).map((d) => d.by)).toEqual([])
    expect(DEFECTS.filter((d) => Object.keys(d.shows).length === 0).map((d) => d.kind)).toEqual([])
  })

  // Without it a check that fails anyway (or crashes) would seem to catch every defect named for it.
  it('every check a defect names passes once against the clean mock', async () => {
    const report = await runAgainst(t.mock, t.suite, { clean: true }, { only: named })
    expect(report.results.map((r) => r.id).sort()).toEqual([...named].sort())
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`), failures(report).join('\n')).toEqual([])
  })

  // Each defect is run against the check that must catch it (the whole suite passing the variants and the clean
  // mock is proven elsewhere): the same proof, in a second instead of a whole run per defect.
  it.each(DEFECTS)('$kind: caught by $by', (defect) => expectCaught(t.mock, t.suite, defect))
})
