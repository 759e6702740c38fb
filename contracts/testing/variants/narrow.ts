import type { FaultInput } from '../../../mock/control/faults.js'
import type { MockServer } from '../../../mock/adapters/node-server.js'
import type { Check } from '../../check.js'
import type { Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { runAgainst, type Misbehaviour } from './run-wrapped.js'
import type { Reach } from './wrap-mock.js'

/**
 * A variant's promise is "0 false failures": the whole suite passes a target that shows it. A check that never
 * received an answer the variant changes is sent, under the variant, the answers the plain mock gave it, and the
 * clean run proves it passes those: only the checks that received such an answer (in the clean run) need to run
 * again, with the checks that change what those read (Check.shares: exports.list reads the exports others make),
 * so each finds what it found in the whole run. A variant that may change any answer, or the mock's state (a behaviour that moves its clock), runs the
 * whole suite. Run-level requests (start-up probe, id discovery, cleanup) go through the variant in every run.
 */
export interface CleanRun {
  report: RunReport
  /** Check id → the answers it received, as `operationId status`. */
  answers: Map<string, Set<string>>
}

/** The whole suite against the plain mock, noting which answers each check received. */
export async function runClean(mock: MockServer, suite: Suite): Promise<CleanRun> {
  const answers = new Map<string, Set<string>>()
  const report = await runAgainst(mock, suite, { clean: true }, {
    onCheckExchange: (id, ex) => void (answers.get(id) ?? answers.set(id, new Set()).get(id)!).add(`${ex.operationId} ${ex.response.status}`),
  })
  return { report, answers }
}

/** The answers a misbehaviour can change; undefined when it can change any (or more than answers). */
export function reachOf(how: Misbehaviour): readonly Reach[] | undefined {
  if ('clean' in how) return []
  const reach = 'faults' in how ? how.faults.map(faultReach) : how.behaviour.affects
  return reach?.some((r) => r.operationId === undefined && r.status === undefined) ? undefined : reach
}

/** A fault edits the answers of its `whenStatus`; one that edits the request or answers in the handler's place, every answer of its operation. */
function faultReach(fault: FaultInput): Reach {
  const editsAnswer = (fault.action === 'status' || !fault.in || fault.in.startsWith('response')) && fault.whenStatus !== undefined
  return { operationId: fault.operationId, status: editsAnswer ? fault.whenStatus : undefined }
}

/** The checks that received, in the clean run, an answer in `reach`, and the checks that change what they read. */
export function checksReaching(clean: CleanRun, reach: readonly Reach[], checks: readonly Check[]): string[] {
  const hit = (answer: string): boolean => {
    const [operationId, status] = answer.split(' ')
    return reach.some((r) => (r.operationId === undefined || r.operationId === operationId) && (r.status === undefined || String(r.status) === status))
  }
  const reached = new Set([...clean.answers].filter(([, answers]) => [...answers].some(hit)).map(([id]) => id))
  const read = new Set(checks.filter((c) => reached.has(c.id)).flatMap((c) => c.shares?.reads ?? []))
  return checks.filter((c) => reached.has(c.id) || (c.shares?.changes ?? []).some((r) => read.has(r))).map((c) => c.id)
}

/** The variant run: the checks it can reach, or the whole suite; `ran` lists the checks run when not all. */
export async function runVariant(mock: MockServer, suite: Suite, how: Misbehaviour, clean: CleanRun): Promise<Awaited<ReturnType<typeof runAgainst>> & { ran?: string[] }> {
  const reach = reachOf(how)
  if (!reach) return runAgainst(mock, suite, how)
  const ran = checksReaching(clean, reach, suite.checks)
  // One at a time, in the suite's order: side by side, a check that reads what an earlier one makes without
  // declaring it may start first in a run of a few checks (exports.list did, before exports.lifecycle declared
  // the exports it makes).
  return Object.assign(await runAgainst(mock, suite, how, { only: ran, concurrency: 1 }), { ran })
}
