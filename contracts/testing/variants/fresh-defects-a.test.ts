import { afterAll, describe, expect, it } from 'vitest'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { FRESH_DEFECTS_A } from './fresh-defects-a.js'
import { failures, runAgainst } from './run-wrapped.js'

const t = useSuiteAndMock()

/**
 * Issue 25: how many of the 20 fresh defects (written without reading the checks) the WHOLE suite catches.
 * A fault defect is caught when a check fails and one of its faults fired; a wrapper defect when a check fails
 * (every check passes on the clean mock, asserted first). Prints one line per defect and the figure.
 * 20 whole-suite runs take about a minute, so it runs on request:
 *   PROMOKIT_MEASURE_FRESH=1 npx vitest run contracts/testing/variants/fresh-defects-a.test.ts
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
    expect(report.results.length).toBeGreaterThan(50)
  })
})
