import { describe, expect, it } from 'vitest'
import { FRESH_DEFECTS_B } from './fresh-defects-b.js'
import { measureDefects } from './measure-defects.js'

/**
 * The blind measurement of issue 25 (h-blind-b's 20 fresh defects): the whole suite against each one. About a
 * minute, so only on demand: `MEASURE_DEFECTS=1 npx vitest run contracts/testing/variants/fresh-defects-b.measure.test.ts`.
 * It prints, per defect, whether it was caught and by which checks; it fails when the clean mock fails a check.
 */
describe.runIf(process.env.MEASURE_DEFECTS)('the whole suite against 20 fresh defects (measurement, on demand)', () => {
  it('measures how many are caught', async () => {
    const m = await measureDefects(FRESH_DEFECTS_B)
    const lines = m.defects.map((d, i) => `${String(i + 1).padStart(2)}. ${d.caught ? 'CAUGHT' : 'missed'} ${d.kind}${d.faults ? ` [faults fired ${d.faults.fired}/${d.faults.armed}]` : ' [wrapper]'}${d.failedChecks.map((c) => `\n      ${c}`).join('')}`)
    console.log(`fresh defects (b): ${m.caught} of ${m.defects.length} caught\n${lines.join('\n')}\nclean mocks: ${JSON.stringify(m.clean)}`)
    expect(m.defects).toHaveLength(20)
    expect(m.clean).toEqual(Object.fromEntries(Object.keys(m.clean).map((k) => [k, []])))
  }, 600_000)
})
