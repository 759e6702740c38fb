import { describe, expect, it } from 'vitest'
import { useSuiteAndMock } from '../suite-and-mock.js'
import { expectCaught } from './expect-caught.js'
import { FRESH_DEFECTS_A } from './fresh-defects-a.js'
import { measureDefects } from './measure-defects.js'
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

/**
 * How many of them the WHOLE suite catches (the issue's measure, measureDefects as for h-blind-b's defects): caught
 * when a check fails that passes on the clean mock and, for a fault defect, one of its faults fired. About a minute,
 * so only on demand:
 *   PROMOKIT_MEASURE_FRESH=1 npx vitest run contracts/testing/variants/fresh-defects-a.test.ts
 * Blind (before the checks were read or changed, commit e0cd7d2, without a bearer token): 10 of 20. After the gaps
 * were closed: 19 of 19 (one defect withdrawn on the audit, see fresh-defects-a.ts).
 */
describe.runIf(process.env.PROMOKIT_MEASURE_FRESH === '1')('fresh defects (a): what the whole suite catches', () => {
  it('measures how many are caught, each by the check it names among others', async () => {
    const m = await measureDefects(FRESH_DEFECTS_A.map((d) => ('faults' in d ? { kind: d.kind, faults: () => [...d.faults] } : { kind: d.kind, behaviour: () => d.behaviour })))
    const lines = m.defects.map((d) => `${d.caught ? 'caught' : 'missed'}  ${d.kind}${d.failedChecks.map((c) => `\n      ${c}`).join('')}`)
    console.log(`fresh defects (a): ${m.caught} of ${m.defects.length} caught\n${lines.join('\n')}`)
    expect(m.clean).toEqual({ none: [] })
    expect(m.defects.filter((d, i) => !d.caught || !d.failedChecks.some((c) => c.startsWith(`${FRESH_DEFECTS_A[i].by}:`))).map((d) => d.kind)).toEqual([])
  }, 600_000)
})
