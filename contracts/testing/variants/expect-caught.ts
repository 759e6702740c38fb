import { expect } from 'vitest'
import type { MockServer } from '../../../mock/adapters/node-server.js'
import type { Suite } from '../../suite.js'
import type { Defect } from './defects.js'
import { failures, runAgainst } from './run-wrapped.js'

/**
 * Runs the check a defect names against the mock made to misbehave as the defect says, and asserts it caught the
 * defect: the check failed, because of the defect (one of its faults fired; a wrapper defect's check passes on the
 * clean mock, which the callers prove), with the problem the defect `shows`, no 5xx, and a curl line without the
 * app token. Each defect runs only the check it names: the whole suite passing the clean mock and the variants is
 * proven elsewhere.
 */
export async function expectCaught(mock: MockServer, suite: Suite, defect: Defect): Promise<void> {
  const report = await runAgainst(mock, suite, defect, { only: [defect.by] })
  const result = report.results.find((r) => r.id === defect.by)
  expect(result?.status, failures(report).join('\n')).toBe('failed')
  if ('faults' in defect) expect(report.unfired.length).toBeLessThan(defect.faults.length)
  const failure = result!.failure!
  // A crash answered 5xx fails any check: it must not pass for the defect being caught.
  expect(failure.status ?? 0, failures(report).join('\n')).toBeLessThan(500)
  expect(failure.problems, failures(report).join('\n')).toContainEqual(expect.objectContaining(defect.shows))
  expect(failure.curl).toMatch(/^curl -X /)
  expect(failure.curl).not.toContain(mock.credentials.appToken)
}
