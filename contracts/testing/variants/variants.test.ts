import { describe, expect, it } from 'vitest'
import { failures, runAgainst } from './run-wrapped.js'
import { VARIANTS } from './variants.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()

describe('the contract suite passes every documented variant of the mock (issue 12 section 1)', () => {
  it('has at least 12 variants', () => expect(VARIANTS.length).toBeGreaterThanOrEqual(12))

  it.each(VARIANTS)('$kind ($source)', async (variant) => {
    const report = await runAgainst(t.mock, t.suite, variant)
    expect(failures(report)).toEqual([])
    expect(report.cleanup.failed).toEqual([])
    expect(report.summary.passed).toBeGreaterThan(50)
    expect(report.unfired, 'every fault of the variant met an answer or request it acts on').toEqual([])
    // The report says which of the documented behaviours the target followed.
    if (variant.follows) {
      const [check, shown] = variant.follows
      expect(report.results.filter((r) => check === '*' || r.id === check).flatMap((r) => r.follows ?? []).join('; ')).toContain(shown)
    }
  })
})
