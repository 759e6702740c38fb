import { expect } from 'vitest'
import type { MockServer } from '../../../mock/adapters/node-server.js'
import type { Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { runVariant, type CleanRun } from './narrow.js'
import { failures } from './run-wrapped.js'
import type { Variant } from './variants.js'

const skipped = (report: RunReport): string[] => report.results.filter((r) => r.status === 'skipped').map((r) => r.id)

/**
 * Runs the suite against the mock showing `variant` (the checks it can reach, see narrow.ts, or all of them) and
 * asserts the suite passes it: no failure, a clean cleanup, every fault fired, no check skipped that runs against
 * the plain mock (a false alarm hidden as a skip), and the report naming the documented behaviour it saw.
 */
export async function expectPasses(mock: MockServer, suite: Suite, variant: Variant, clean: CleanRun): Promise<void> {
  const report = await runVariant(mock, suite, variant, clean)
  expect(failures(report)).toEqual([])
  expect(report.cleanup.failed).toEqual([])
  expect(report.unfired, 'every fault of the variant met an answer or request it acts on').toEqual([])
  const cleanSkips = skipped(clean.report)
  expect(skipped(report).filter((id) => !cleanSkips.includes(id)), 'checks skipped only under the variant').toEqual([])
  if (report.ran) {
    expect(report.ran.length, 'checks that receive an answer the variant changes').toBeGreaterThan(0)
    expect(report.results.map((r) => r.id).sort()).toEqual([...report.ran].sort())
    expect(report.hookWrites, 'a behaviour that changes the mock\'s state is run against the whole suite: mark it everywhere()').toBe(0)
  } else {
    expect(report.summary.passed).toBeGreaterThan(50)
  }
  if (variant.follows) {
    const [check, shown] = variant.follows
    expect(report.results.filter((r) => check === '*' || r.id === check).flatMap((r) => r.follows ?? []).join('; ')).toContain(shown)
  }
}
