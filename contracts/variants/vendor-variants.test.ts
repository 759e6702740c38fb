import { describe, expect, it } from 'vitest'
import { failures, runWrapped } from './run-wrapped.js'
import { VENDOR_VARIANTS } from './vendor-variants.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()

describe('no false alarms on what the real service documents (issue 25)', () => {
  it.each(VENDOR_VARIANTS)('$kind ($source)', async (variant) => {
    const report = await runWrapped(t.mock, t.suite, variant.behaviour)
    expect(failures(report)).toEqual([])
    expect(report.cleanup.failed).toEqual([])
    expect(report.summary.passed).toBeGreaterThan(50)
  })
})
