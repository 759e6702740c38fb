import { applyBaseline } from '../../contracts/baseline.js'
import type { CheckResult, RunReport } from '../../contracts/types.js'
import type { Runs } from './read-runs.js'

export type Outcome = 'passed' | 'failed' | 'known' | 'skipped' | 'not-checked'
/** How a row sorts and reads: failures first. */
export type RowState = 'failing' | 'replay-differs' | 'known' | 'unchecked' | 'passing'

export interface TargetResult {
  target: string
  date: string
  result: Outcome
  /** The checks that failed on this operation (their failing request was this operation's). */
  failedChecks: string[]
}

export interface Deviation {
  kind: 'baseline' | 'choice' | 'follows'
  text: string
  check?: string
  owner?: string
  expires?: string
  doc?: string
  target?: string
}

export interface MatrixRow {
  operationId: string
  method: string
  path: string
  state: RowState
  servedByMock: boolean
  checks: { positive: string[]; negative: string[] }
  targets: TargetResult[]
  replay: { against: string; date: string; exchanges: number; agreeing: number; agreement: number } | null
  deviations: Deviation[]
  sdk: { js: string[]; python: string[] }
}

export interface Matrix {
  format: 'promokit-fidelity-matrix'
  version: 1
  generatedAt: string
  targets: { name: string; date: string; baseUrl: string; passed: number; failed: number; file: string }[]
  /** The replay reports read, newest first: a row's agreement comes from the newest that sent its operation. */
  replays: { file: string; har: string; against: string; date: string; exchanges: number; differences: number }[]
  /** The badge's figure: operations passing on the most recent deployment (the mock when no deployment was checked). */
  conformance: { target: string; date: string; passing: number; total: number } | null
  operations: MatrixRow[]
}

export interface MatrixInput {
  operations: readonly { operationId: string; method: string; path: string }[]
  servedByMock: ReadonlySet<string>
  checks: readonly { id: string; title: string; operationIds: readonly string[] }[]
  runs: Runs
  sdk: { js: Record<string, string[]>; python: Record<string, string[]> }
  choices: { operationIds: string[]; choice: string; doc: string }[]
  now?: Date
}

// Checks that expect a refusal: auth.*, "...-404", unknown ids, invalid input, refused tokens, duplicates.
const NEGATIVE = /^auth\.|-4\d\d$|unknown|invalid|refused|duplicat/

/** One row per operation of the spec, from the suite's metadata and the reports, replays and baselines given. */
export function buildMatrix(input: MatrixInput): Matrix {
  const today = (input.now ?? new Date()).toISOString().slice(0, 10)
  const latest = latestPerTarget(input.runs.contracts.map((c) => withBaselines(c, input.runs.baselines, today)))
  const replays = [...input.runs.replays].sort((a, b) => b.report.startedAt.localeCompare(a.report.startedAt))
  const checksOf = new Map(input.checks.map((c) => [c.id, c]))
  const rows = input.operations.map((op): MatrixRow => {
    const mine = input.checks.filter((c) => c.operationIds.includes(op.operationId))
    const targets = latest.map(({ name, report }) => ({ target: name, date: report.startedAt.slice(0, 10), ...outcomeOn(report.results, op.operationId) }))
    const replay = replays.find((r) => r.report.operations.some((o) => o.operationId === op.operationId))
    const agreement = replay?.report.operations.find((o) => o.operationId === op.operationId)
    const deviations: Deviation[] = [
      ...input.runs.baselines.flatMap(({ entries }) => entries.filter((e) => checksOf.get(e.check)?.operationIds.includes(op.operationId))
        .map((e): Deviation => ({ kind: 'baseline', text: e.reason, check: e.check, owner: e.owner, expires: e.expires }))),
      ...input.choices.filter((c) => c.operationIds.includes(op.operationId)).map((c): Deviation => ({ kind: 'choice', text: c.choice, doc: c.doc })),
      ...latest.flatMap(({ name, report }) => [...new Set(report.results.flatMap((r) => (r.follows ?? []).filter((text) => seenOn(r, text, op.operationId))))]
        .map((text): Deviation => ({ kind: 'follows', text, target: name }))),
    ]
    const row: MatrixRow = {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      state: 'passing',
      servedByMock: input.servedByMock.has(op.operationId),
      checks: { positive: mine.filter((c) => !NEGATIVE.test(c.id)).map((c) => c.id), negative: mine.filter((c) => NEGATIVE.test(c.id)).map((c) => c.id) },
      targets,
      replay: replay && agreement ? { against: replayTarget(replay.report), date: replay.report.startedAt.slice(0, 10), ...pick(agreement) } : null,
      deviations,
      sdk: { js: input.sdk.js[op.operationId] ?? [], python: input.sdk.python[op.operationId] ?? [] },
    }
    row.state = stateOf(row)
    return row
  })
  const primary = latest.find((t) => t.name !== 'mock') ?? latest[0]
  return {
    format: 'promokit-fidelity-matrix',
    version: 1,
    generatedAt: (input.now ?? new Date()).toISOString(),
    targets: latest.map(({ name, report, file }) => ({ name, date: report.startedAt.slice(0, 10), baseUrl: report.target.baseUrl, passed: report.summary.passed, failed: report.summary.failed, file })),
    replays: replays.map(({ file, report }) => ({ file, har: report.har, against: replayTarget(report), date: report.startedAt.slice(0, 10), exchanges: report.exchanges, differences: report.differences.length })),
    conformance: primary ? {
      target: primary.name,
      date: primary.report.startedAt.slice(0, 10),
      passing: rows.filter((r) => r.targets.find((t) => t.target === primary.name)?.result === 'passed').length,
      total: rows.length,
    } : null,
    operations: rows,
  }
}

/**
 * A report run without `--baseline` still has its known failures told apart when the matrix is given the
 * baseline: the same matching as the suite's (check and failure signature; an expired entry tolerates nothing).
 */
function withBaselines(run: Runs['contracts'][number], baselines: Runs['baselines'], today: string): Runs['contracts'][number] {
  if (run.report.baseline || run.report.results.some((r) => r.baseline) || baselines.length === 0) return run
  const entries = baselines.flatMap((b) => b.entries)
  return { ...run, report: applyBaseline(run.report, { format: 'promokit-contract-baseline', entries }, baselines.map((b) => b.file).join(', '), today) }
}

export const RANK: Record<RowState, number> = { failing: 0, 'replay-differs': 1, known: 2, unchecked: 3, passing: 4 }

/** Failures first, then replay differences, known (tolerated) failures, operations nothing checked; by operationId within each. */
export function sortRows(rows: readonly MatrixRow[]): MatrixRow[] {
  return [...rows].sort((a, b) => RANK[a.state] - RANK[b.state] || a.operationId.localeCompare(b.operationId))
}

function stateOf(row: MatrixRow): RowState {
  if (row.targets.some((t) => t.result === 'failed')) return 'failing'
  if (row.replay && row.replay.agreement < 1) return 'replay-differs'
  // a failure the baseline tolerates: not passing either (the badge does not count it)
  if (row.targets.some((t) => t.result === 'known')) return 'known'
  if (!row.targets.some((t) => t.result === 'passed' || t.result === 'known') && !row.replay) return 'unchecked'
  return 'passing'
}

/** A failed check counts against the operation of its failing request; a passing one for every operation it used. */
function outcomeOn(results: readonly CheckResult[], operationId: string): { result: Outcome; failedChecks: string[] } {
  const failedHere = (r: CheckResult): boolean => r.status === 'failed' && (r.failure?.operationId ? r.failure.operationId === operationId : r.operationIds.includes(operationId))
  const failed = results.filter((r) => failedHere(r) && !(r.baseline && !r.baseline.expired))
  if (failed.length) return { result: 'failed', failedChecks: failed.map((r) => r.id) }
  if (results.some((r) => failedHere(r))) return { result: 'known', failedChecks: results.filter(failedHere).map((r) => r.id) }
  const mine = results.filter((r) => r.operationIds.includes(operationId))
  if (mine.some((r) => r.status === 'passed')) return { result: 'passed', failedChecks: [] }
  return { result: mine.length ? 'skipped' : 'not-checked', failedChecks: [] }
}

/**
 * Whether a documented alternative a check noted belongs to this operation: the one whose answer showed it
 * (`followsOn`), not the creates and lists the check used on the way; a report without it, every operation of the check.
 */
function seenOn(result: CheckResult, behaviour: string, operationId: string): boolean {
  const on = result.followsOn && Object.hasOwn(result.followsOn, behaviour) ? result.followsOn[behaviour] : undefined
  return on === undefined ? result.operationIds.includes(operationId) : on === operationId
}

/** `staging` for https://staging.example.com, `mock` for promokit's mock: how a target is named in the matrix and the badge. */
export function targetName(baseUrl: string, isMock: boolean): string {
  if (isMock) return 'mock'
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : baseUrl
  return /^[\d.]+$|:/.test(host) ? host : host.split('.')[0]
}

const pick = ({ exchanges, agreeing, agreement }: { exchanges: number; agreeing: number; agreement: number }) => ({ exchanges, agreeing, agreement })
const replayTarget = (report: Runs['replays'][number]['report']): string => (report.target.kind === 'mock' ? 'mock' : targetName(report.target.baseUrl, false))

function latestPerTarget(contracts: Runs['contracts']): { name: string; report: RunReport; file: string }[] {
  const byName = new Map<string, { name: string; report: RunReport; file: string }>()
  for (const { file, report } of contracts) {
    const name = targetName(report.target.baseUrl, report.target.isMock)
    const seen = byName.get(name)
    if (!seen || seen.report.startedAt < report.startedAt) byName.set(name, { name, report, file })
  }
  // deployments first (the badge's), newest first; the mock last
  return [...byName.values()].sort((a, b) => Number(a.name === 'mock') - Number(b.name === 'mock') || b.report.startedAt.localeCompare(a.report.startedAt))
}
