import { beforeAll, describe, expect, it } from 'vitest'
import { expectPasses } from './expect-passes.js'
import { runClean, type CleanRun } from './narrow.js'
import { failures } from './run-wrapped.js'
import { VARIANTS } from './variants.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()

describe('the contract suite passes every documented variant of the mock (issue 12 section 1)', () => {
  // The whole suite against the plain mock, once: each variant runs again only the checks that receive an answer it changes.
  let clean: CleanRun
  beforeAll(async () => {
    clean = await runClean(t.mock, t.suite)
  })

  it('has at least 12 variants', () => expect(VARIANTS.length).toBeGreaterThanOrEqual(12))

  it('the whole suite passes the plain mock (what the other checks of each variant would see)', () => {
    expect(failures(clean.report)).toEqual([])
    expect(clean.report.summary.passed).toBeGreaterThan(50)
    expect(clean.answers.size).toBeGreaterThan(50)
  })

  it.each(VARIANTS)('$kind ($source)', (variant) => expectPasses(t.mock, t.suite, variant, clean))
})
