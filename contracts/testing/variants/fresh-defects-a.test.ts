import { describe, expect, it } from 'vitest'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { expectCaught } from './expect-caught.js'
import { FRESH_DEFECTS_A } from './fresh-defects-a.js'
import { runAgainst } from './run-wrapped.js'

const t = useSuiteAndMock()
const named = [...new Set(FRESH_DEFECTS_A.map((d) => d.by))]

/** Issue 25: the fresh defects (a) (19 after the audit), each pinned to the check that catches it, as defects.test.ts does. */
describe('fresh defects (a): each caught by the check it names', () => {
  it('names checks of the suite, each passing on the clean mock', async () => {
    const ids = new Set(t.suite.checks.map((c) => c.id))
    expect(named.filter((id) => !ids.has(id))).toEqual([])
    const report = await runAgainst(t.mock, t.suite, { clean: true }, { only: named })
    expect(report.results.map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`.trim()).sort()).toEqual(named.map((id) => `${id}: passed`).sort())
  })

  it.each(FRESH_DEFECTS_A)('$kind: caught by $by', (defect) => expectCaught(t.mock, t.suite, defect))
})
