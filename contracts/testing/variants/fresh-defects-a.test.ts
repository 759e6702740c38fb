import { afterAll, describe, expect, it } from 'vitest'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { expectCaught } from './expect-caught.js'
import { FRESH_DEFECTS_A } from './fresh-defects-a.js'
import { failures, runAgainst } from './run-wrapped.js'

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

/**
 * How many of them the WHOLE suite catches (the issue's measure): a fault defect is caught when a check fails
 * and one of its faults fired; a wrapper defect when a check fails (every check passes on the clean mock, asserted
 * first). Prints one line per defect with the checks that failed, and the figure. A whole-suite run per defect takes
 * about a minute in all, so it runs on request:
 *   PROMOKIT_MEASURE_FRESH=1 npx vitest run contracts/testing/variants/fresh-defects-a.test.ts
 * Blind (before the checks were read or changed, commit e0cd7d2): 10 of 20. After the gaps were closed: 19 of 19 (one
 * defect withdrawn on the audit, see fresh-defects-a.ts).
 */
describe.runIf(process.env.PROMOKIT_MEASURE_FRESH === '1')('fresh defects (a): what the whole suite catches', () => {
  const rows: string[] = []
  afterAll(() => {
    const caught = rows.filter((r) => r.startsWith('caught')).length
    console.log([`fresh defects (a): ${caught} of ${FRESH_DEFECTS_A.length} caught`, ...rows].join('\n'))
  })

  it('the clean mock passes the whole suite', async () => {
    const report = await runAgainst(t.mock, t.suite, { clean: true })
    expect(failures(report)).toEqual([])
  })

  it.each(FRESH_DEFECTS_A)('$kind', async (defect) => {
    const report = await runAgainst(t.mock, t.suite, defect)
    const failed = report.results.filter((r) => r.status === 'failed')
    const fired = 'faults' in defect ? report.unfired.length < defect.faults.length : true
    const by = failed.map((r) => `${r.id} (${r.failure?.status ?? '-'} ${r.failure?.problems[0]?.pointer ?? ''})`).join(', ')
    rows.push(`${failed.length > 0 && fired ? 'caught' : 'missed'}  ${defect.kind}${fired ? '' : ' [no fault fired]'}${by ? `: ${by}` : ''}`)
    expect(failed.map((r) => r.id)).toContain(defect.by)
  })
})
