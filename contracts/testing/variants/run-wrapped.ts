import type { MockServer } from '../../../mock/server.js'
import { runSuite } from '../../runner.js'
import type { Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { wrapMock, type Behaviour } from './wrap-mock.js'

/**
 * One whole contract-suite run against `mock` (reset first) seen through `behaviour`. The wrapper passes the
 * mock's control API through, so the run is told it faces the mock and moves its clock instead of sleeping.
 */
export async function runWrapped(mock: MockServer, suite: Suite, behaviour: Behaviour, options: { concurrency?: number; only?: string } = {}): Promise<RunReport> {
  await mock.reset()
  const wrapped = await wrapMock(mock.url, behaviour, suite.validator.operations)
  try {
    return await runSuite({
      baseUrl: wrapped.url,
      credentials: mock.credentials,
      ids: { projectId: mock.credentials.projectId },
      isMock: true,
      validator: suite.validator,
      checks: options.only ? suite.checks.filter((c) => c.id === options.only) : suite.checks,
      concurrency: options.concurrency ?? 4,
    })
  } finally {
    await wrapped.close()
  }
}

/** The failed checks of a run, each with its first problem: what a test prints when it disagrees. */
export function failures(report: RunReport): string[] {
  return report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.problems[0]?.pointer ?? ''} ${r.failure?.problems[0]?.message ?? ''}`)
}
