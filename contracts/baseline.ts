import type { CheckResult, Problem, RunReport } from './types.js'

/** One known deviation: which check fails, how (its signature), why it is tolerated, who owns it, until when. */
export interface BaselineEntry {
  check: string
  /** Where the check fails (`status`, `body /id`, ...): the same check failing elsewhere is a new failure. */
  signature: string
  reason: string
  owner: string
  /** YYYY-MM-DD: from that day on the failure fails the run again. */
  expires: string
}

export interface Baseline {
  format: 'promokit-contract-baseline'
  entries: BaselineEntry[]
}

/** What a baseline did to a run (report.baseline). */
export interface BaselineOutcome {
  file: string
  /** Failures the baseline tolerates (still listed, not counted as failed). */
  known: string[]
  /** Failures whose entry expired: they fail the run. */
  expired: string[]
  /** Entries whose check now passes: remove them. */
  nowPassing: string[]
}

/** Problems are located by place, not by message text (values change between runs; the place does not). */
export function signatureOf(problems: readonly Problem[]): string {
  return [...new Set(problems.map((p) => (p.location === 'body' || p.location === 'behaviour' ? `${p.location} ${p.pointer || '/'}` : p.location)))].sort().join('; ')
}

/**
 * Checks a baseline file's content; throws one message naming the first bad entry. With `checks` (every check
 * id the suite has), an entry naming no check is refused: a typo or a renamed check would otherwise tolerate
 * nothing, silently, while the file looks in force.
 */
export function parseBaseline(text: string, file: string, checks?: ReadonlySet<string>): Baseline {
  let data: any
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error })
  }
  if (data?.format !== 'promokit-contract-baseline' || !Array.isArray(data.entries)) throw new Error(`${file} is not a promokit baseline (format "promokit-contract-baseline" with entries)`)
  data.entries.forEach((e: any, i: number) => {
    for (const field of ['check', 'signature', 'reason', 'owner', 'expires'] as const) {
      if (typeof e?.[field] !== 'string' || e[field].trim() === '') throw new Error(`${file}: entry ${i + 1} needs "${field}" (every known failure has a reason, an owner and an expiry date)`)
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(e.expires) || Number.isNaN(Date.parse(e.expires))) throw new Error(`${file}: entry ${i + 1} (${e.check}): "expires" must be a date YYYY-MM-DD, got "${e.expires}"`)
    if (checks && !checks.has(e.check)) throw new Error(`${file}: entry ${i + 1} names the check "${e.check}", which the suite does not have (\`promokit contract --list\` lists them; remove or rename the entry)`)
  })
  return { format: data.format, entries: data.entries.map((e: BaselineEntry) => ({ check: e.check, signature: e.signature, reason: e.reason, owner: e.owner, expires: e.expires })) }
}

/** Today's failures as a baseline to commit: each with the reason, owner and expiry given (edit them per entry). */
export function recordBaseline(report: RunReport, defaults: { reason: string; owner: string; expires: string }): Baseline {
  const entries = report.results
    .filter((r) => r.status === 'failed' && r.failure)
    .map((r) => ({ check: r.id, signature: signatureOf(r.failure!.problems), ...defaults }))
  return { format: 'promokit-contract-baseline', entries }
}

/**
 * Marks failures the baseline tolerates (`known`, not counted as failed) unless their entry expired (`today`
 * is on or after `expires`), and lists entries whose check now passes. Returns the report changed.
 */
export function applyBaseline(report: RunReport, baseline: Baseline, file: string, today: string): RunReport {
  const outcome: BaselineOutcome = { file, known: [], expired: [], nowPassing: [] }
  const results: CheckResult[] = report.results.map((r) => {
    if (r.status !== 'failed' || !r.failure) return r
    const entry = baseline.entries.find((e) => e.check === r.id && e.signature === signatureOf(r.failure!.problems))
    if (!entry) return r
    const label = `${r.id} (${entry.owner}, until ${entry.expires}): ${entry.reason}`
    if (today >= entry.expires) {
      outcome.expired.push(label)
      return { ...r, baseline: { ...entry, expired: true } }
    }
    outcome.known.push(label)
    return { ...r, baseline: { ...entry, expired: false } }
  })
  const byId = new Map(report.results.map((r) => [r.id, r]))
  for (const e of baseline.entries) if (byId.get(e.check)?.status === 'passed') outcome.nowPassing.push(`${e.check} (${e.owner}): ${e.reason}`)
  const known = results.filter((r) => r.baseline && !r.baseline.expired).length
  return { ...report, results, summary: { ...report.summary, failed: report.summary.failed - known, known }, baseline: outcome }
}

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
