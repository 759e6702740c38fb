import type { Fault, FaultInput } from '../../../mock/control/faults.js'
import type { MockServer } from '../../../mock/adapters/node-server.js'
import { runSuite, type RunOptions as RunSuiteOptions } from '../../runner.js'
import type { Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { wrapMock, type Behaviour } from './wrap-mock.js'

/** How the mock is made to misbehave: faults armed in its own engine, or the test-only wrapper for what needs state. */
export type Misbehaviour = { faults: readonly FaultInput[] } | { behaviour: Behaviour } | { clean: true }

export interface RunOptions {
  concurrency?: number
  /** Ids of the checks to run (default: all). */
  only?: readonly string[]
  /** The checks to pick from (default: the suite's; e.g. generated ones). */
  checks?: Suite['checks']
  /** Tell the run it faces a deployment, not the mock (default: the mock): mock-only requests are left out. */
  deployment?: boolean
  /** Every answer a check received (runSuite's onCheckExchange). */
  onCheckExchange?: RunSuiteOptions['onCheckExchange']
}

/**
 * One contract-suite run against `mock` (reset first). Faults go through `POST /_mock/faults` and the run
 * talks to the mock itself; a behaviour puts the wrapper in between, which passes the mock's control API
 * through, so either way the run is told it faces the mock and moves its clock instead of sleeping.
 */
export async function runAgainst(mock: MockServer, suite: Suite, how: Misbehaviour, options: RunOptions = {}): Promise<RunReport & { unfired: Fault[]; hookWrites: number }> {
  await mock.reset()
  if ('faults' in how) await armFaults(mock.url, how.faults)
  const wrapped = 'behaviour' in how ? await wrapMock(mock.url, how.behaviour, suite.validator.operations) : undefined
  try {
    const report = await runSuite({
      baseUrl: wrapped?.url ?? mock.url,
      credentials: mock.credentials,
      ids: { projectId: mock.credentials.projectId },
      isMock: !options.deployment,
      validator: suite.validator,
      checks: options.only ? (options.checks ?? suite.checks).filter((c) => options.only!.includes(c.id)) : (options.checks ?? suite.checks),
      concurrency: options.concurrency ?? 4,
      onCheckExchange: options.onCheckExchange,
    })
    // a fault that never fired proves nothing: the tests ask for none (a variant) or not all (a defect)
    const unfired = 'faults' in how ? (await armedFaults(mock.url)).filter((f) => f.hits === 0) : []
    return Object.assign(report, { unfired, hookWrites: wrapped?.writes() ?? 0 })
  } finally {
    await wrapped?.close()
    if ('faults' in how) await mock.reset()
  }
}

async function armedFaults(baseUrl: string): Promise<Fault[]> {
  return ((await (await fetch(`${baseUrl}/_mock/faults`)).json()) as { faults: Fault[] }).faults
}

/** Arms each fault in the mock at `baseUrl` (`POST /_mock/faults`); a refused one throws. */
export async function armFaults(baseUrl: string, faults: readonly FaultInput[]): Promise<void> {
  for (const fault of faults) await armFault(baseUrl, fault)
}

async function armFault(baseUrl: string, fault: FaultInput): Promise<void> {
  const res = await fetch(`${baseUrl}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  if (res.status !== 201 && res.status !== 200) throw new Error(`the mock refused fault ${JSON.stringify(fault)}: ${res.status} ${await res.text()}`)
}

/** The failed checks of a run, each with its first problem: what a test prints when it disagrees. */
export function failures(report: RunReport): string[] {
  return report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.problems[0]?.pointer ?? ''} ${r.failure?.problems[0]?.message ?? ''}`)
}
