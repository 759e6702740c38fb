import type { Check } from '../check.js'
import { plannedRequests } from '../budget.js'
import { costOf } from '../check-costs.js'
import { coveragePercent } from '../coverage.js'
import { describeProblem } from '../failures.js'
import type { CheckResult, RunReport } from '../types.js'

export interface Writer {
  write(text: string): void
}

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const

/** The final line, exactly `N passed, N failed, N skipped` (CI greps it). */
export const summaryLine = (r: RunReport): string => `${r.summary.passed} passed, ${r.summary.failed} failed, ${r.summary.skipped} skipped`

/** One line per check as it finishes: mark, id, title, duration (and the skip reason). */
export function checkLine(result: CheckResult, index: number, total: number): string {
  const width = String(total).length
  const counter = `[${String(index + 1).padStart(width)}/${total}]`
  const reason = result.status === 'skipped' && result.reason ? ` (skipped: ${result.reason})` : ''
  const follows = result.follows?.length ? `\n${' '.repeat(counter.length + 3)}follows: ${result.follows.join('; ')}` : ''
  return `${counter} ${MARK[result.status]} ${result.id} — ${result.title} ${dim(`${result.durationMs} ms`)}${reason}${follows}\n`
}

/** `--list`: each planned check with its request estimate, then the total the run will send (at most `--max-requests`). */
export function printPlan(out: Writer, checks: readonly Check[], options: { budget?: number; maxRequests: number }): void {
  for (const c of checks) {
    const flags = [c.readOnly ? 'read-only' : 'writes', `~${costOf(c).requests} req`, ...(c.needs?.length ? [`needs ${c.needs.join(', ')}`] : [])]
    out.write(`${c.id}  ${c.title}  [${c.operationIds.join(', ')}] (${flags.join('; ')})\n`)
  }
  const operations = new Set(checks.flatMap((c) => c.operationIds)).size
  const limit = Math.min(options.maxRequests, options.budget ?? Infinity)
  out.write(`${checks.length} checks planned, covering ${operations} operations; about ${plannedRequests(checks)} requests (start-up, discovery and cleanup included; never more than ${limit})\n`)
}

/** After the run: every failure in detail, the coverage table, cleanup, then the summary line last. */
export function printReport(out: Writer, report: RunReport): void {
  // Failures a baseline tolerates are one line each (the gate's reader knows them); new and expired ones in full.
  const tolerated = (r: CheckResult): boolean => r.baseline !== undefined && !r.baseline.expired
  const failures = report.results.filter((r) => r.failure && !tolerated(r))
  const known = report.results.filter((r) => r.failure && tolerated(r))
  if (failures.length > 0) out.write(`\nFailures\n`)
  failures.forEach((r, i) => {
    const f = r.failure!
    const expired = r.baseline?.expired ? ` [baseline entry EXPIRED ${r.baseline.expires}]` : ''
    out.write(`\n${i + 1}) ${f.checkId} — ${f.title}${expired}\n`)
    if (f.operationId) out.write(`   operation: ${f.operationId}${f.status !== undefined ? `, status ${f.status}` : ''}\n`)
    for (const p of f.problems) out.write(`   - ${describeProblem(p)}\n`)
    for (const line of f.before ?? []) out.write(`   after: ${line}\n`)
    if (f.curl) out.write(`   request: ${f.curl}\n`)
    if (f.response) out.write(`   response: ${truncate(f.response.body, 600)}\n`)
  })
  if (known.length > 0) {
    out.write(`\nKnown failures, tolerated by the baseline (${known.length}; details in the HTML or JSON report)\n`)
    for (const r of known) out.write(`  - ${r.id} [known: baseline, ${r.baseline!.owner}, until ${r.baseline!.expires}]: ${r.failure!.problems.map(describeProblem)[0] ?? ''}\n`)
  }
  printFollows(out, report)
  out.write(`\nCoverage (operations × documented statuses; * = exercised)\n`)
  for (const row of report.coverage) {
    const statuses = row.statuses.map((s) => (s.exercised ? `${s.status}*` : s.status)).join(' ')
    const extra = row.undocumented.length ? `  undocumented seen: ${row.undocumented.join(' ')}` : ''
    out.write(`  ${row.operationId.padEnd(28)} ${statuses}${extra}\n`)
  }
  const { exercised, documented } = coveragePercent(report.coverage)
  out.write(`  ${exercised}/${documented} documented statuses exercised\n`)
  const kept = report.cleanup.kept ?? []
  if (report.cleanup.deleted.length || report.cleanup.failed.length || kept.length) {
    out.write(`\nCleanup: ${report.cleanup.deleted.length} done${report.cleanup.failed.length ? `, ${report.cleanup.failed.length} FAILED:` : ''}\n`)
    for (const f of report.cleanup.failed) out.write(`  - ${f}\n`)
    if (report.cleanup.failed.some((f) => f.startsWith('deleteCampaign'))) out.write(`  remove them later: promokit contract --cleanup --run-prefix ${report.prefix} --base-url ${report.target.baseUrl}\n`)
    if (kept.length) out.write(`  ${kept.length} kept (the API cannot delete them; named with the run prefix):\n`)
    for (const k of kept) out.write(`  - ${k}\n`)
  }
  if (report.baseline) printBaseline(out, report.baseline)
  if (report.interrupted) out.write(`\nStopped early: ${report.interrupted}\n`)
  const rate = report.rateLimit
  if (rate && (rate.refusals > 0 || rate.waitedMs > 0)) out.write(`\nRate limit: waited ${Math.round(rate.waitedMs / 1000)} s for the target (${rate.refusals} answers 429, retried, none counted as a failure)\n`)
  if (report.summary.rateLimited) out.write(`${report.summary.rateLimited} check(s) NOT RUN: the target rate-limited the run for longer than --rate-limit-wait (not failures; run them later or with a higher plan)\n`)
  const leftOut = report.results.filter((r) => r.notRun === 'left-out')
  if (leftOut.length) out.write(`${leftOut.length} check(s) LEFT OUT by --budget (not run): ${leftOut.map((r) => r.id).join(', ')}\n`)
  if (report.summary.overBudget) out.write(`${report.summary.overBudget} check(s) NOT RUN: the request limit (--max-requests) ran out (not failures; raise it, or let --budget <n> choose the checks that fit)\n`)
  out.write(`\n${report.requests} requests in ${report.durationMs} ms against ${report.target.baseUrl}${report.target.isMock ? ' (promokit mock)' : ''}\n`)
  out.write(`${summaryLine(report)}\n`)
}

/** Where the API description and the real service's documentation differ (both pass): what the target did, per check. */
function printFollows(out: Writer, report: RunReport): void {
  const noted = report.results.filter((r) => r.follows?.length)
  if (noted.length === 0) return
  out.write(`\nWhere the API description and the real service differ (both pass), the target follows:\n`)
  for (const r of noted) out.write(`  ${r.id}: ${r.follows!.join('; ')}\n`)
}

function printBaseline(out: Writer, b: NonNullable<RunReport['baseline']>): void {
  out.write(`\nBaseline ${b.file}: ${b.known.length} known failure(s) tolerated, ${b.expired.length} expired, ${b.nowPassing.length} now passing\n`)
  for (const e of b.expired) out.write(`  EXPIRED (fails the run): ${e}\n`)
  for (const e of b.nowPassing) out.write(`  now passes, remove it from the baseline: ${e}\n`)
}

const truncate = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text)
const dim = (text: string): string => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[2m${text}\x1b[0m` : `(${text})`)
