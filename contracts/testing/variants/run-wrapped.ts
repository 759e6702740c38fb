import type { FaultInput } from '../../../mock/control/faults.js'
import type { MockServer } from '../../../mock/adapters/node-server.js'
import { runSuite } from '../../runner.js'
import type { Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { wrapMock, type Behaviour } from './wrap-mock.js'

/** How the mock is made to misbehave: faults armed in its own engine, or the test-only wrapper for what needs state. */
export type Misbehaviour = { faults: readonly FaultInput[] } | { behaviour: Behaviour } | { clean: true }

export interface RunOptions {
  concurrency?: number
  /** Ids of the checks to run (default: all). */
  only?: readonly string[]
}

/**
 * One contract-suite run against `mock` (reset first). Faults go through `POST /_mock/faults` and the run
 * talks to the mock itself; a behaviour puts the wrapper in between, which passes the mock's control API
 * through, so either way the run is told it faces the mock and moves its clock instead of sleeping.
 */
export async function runAgainst(mock: MockServer, suite: Suite, how: Misbehaviour, options: RunOptions = {}): Promise<RunReport> {
  await mock.reset()
  if ('faults' in how) for (const fault of how.faults) await armFault(mock.url, fault)
  const wrapped = 'behaviour' in how ? await wrapMock(mock.url, how.behaviour, suite.validator.operations) : undefined
  try {
    return await runSuite({
      baseUrl: wrapped?.url ?? mock.url,
      credentials: mock.credentials,
      ids: { projectId: mock.credentials.projectId },
      isMock: true,
      validator: suite.validator,
      checks: options.only ? suite.checks.filter((c) => options.only!.includes(c.id)) : suite.checks,
      concurrency: options.concurrency ?? 4,
    })
  } finally {
    await wrapped?.close()
    if ('faults' in how) await mock.reset()
  }
}

/** One whole run through the wrapper (the variants: behaviours the API allows). */
export const runWrapped = (mock: MockServer, suite: Suite, behaviour: Behaviour, options: RunOptions = {}): Promise<RunReport> => runAgainst(mock, suite, { behaviour }, options)

async function armFault(baseUrl: string, fault: FaultInput): Promise<void> {
  const res = await fetch(`${baseUrl}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  if (res.status !== 201 && res.status !== 200) throw new Error(`the mock refused fault ${JSON.stringify(fault)}: ${res.status} ${await res.text()}`)
}

/** The failed checks of a run, each with its first problem: what a test prints when it disagrees. */
export function failures(report: RunReport): string[] {
  return report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.problems[0]?.pointer ?? ''} ${r.failure?.problems[0]?.message ?? ''}`)
}
