import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../mock/server.js'
import { loadSuite, type Suite } from '../suite.js'
import { failures, runWrapped } from './run-wrapped.js'
import { VARIANTS } from './variants.js'

let mock: MockServer
let suite: Suite

beforeAll(async () => {
  suite = await loadSuite()
  mock = await createMockServer()
})
afterAll(() => mock?.close())

describe('the contract suite passes every documented variant of the mock (issue 12 section 1)', () => {
  it('has at least 12 variants', () => expect(VARIANTS.length).toBeGreaterThanOrEqual(12))

  it.each(VARIANTS)('$kind ($source)', async (variant) => {
    const report = await runWrapped(mock, suite, variant.behaviour)
    expect(failures(report)).toEqual([])
    expect(report.cleanup.failed).toEqual([])
    expect(report.summary.passed).toBeGreaterThan(50)
    // The report says which of the documented behaviours the target followed.
    if (variant.follows) {
      const [check, shown] = variant.follows
      expect(report.results.filter((r) => check === '*' || r.id === check).flatMap((r) => r.follows ?? []).join('; ')).toContain(shown)
    }
  })
})
