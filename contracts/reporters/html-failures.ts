import { show } from '../failures.js'
import type { CheckResult, FailureReport, Problem } from '../types.js'
import { esc } from './html-escape.js'

/** Failed checks that show the same problem (at the same place, with the same message): one defect, one entry. */
export interface ProblemGroup {
  anchor: string
  /** Where and what, without the values (they may differ from check to check). */
  headline: string
  checks: CheckResult[]
}

/**
 * One defect often fails many checks the same way (every error body without `request_id`, a wrong enum in every
 * list answer), across operations: grouped, a failing run of 50 checks reads as the handful of problems it has.
 * Groups keep the order of their first check; the largest come first.
 */
export function groupProblems(failures: readonly CheckResult[]): ProblemGroup[] {
  const groups = new Map<string, CheckResult[]>()
  for (const r of failures) {
    const key = r.failure!.problems.map((p) => `${p.location} ${p.pointer} ${p.keyword ?? ''} ${p.message}`).join('\n')
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  return [...groups.values()]
    .sort((a, b) => b.length - a.length)
    .map((checks, i) => ({ anchor: `problem-${i + 1}`, headline: headline(checks[0].failure!.problems), checks }))
}

function headline(problems: readonly Problem[]): string {
  const [p] = problems
  if (!p) return 'failed'
  const where = p.location === 'body' || p.location === 'behaviour' ? `${p.location} ${p.pointer || '/'}` : p.location
  return `${where}: ${p.message}${problems.length > 1 ? ` (+${problems.length - 1} more)` : ''}`
}

/** The index line of a group: its problem, how many checks, and which. */
export function indexEntry(group: ProblemGroup): string {
  const names = group.checks.map((r) => esc(r.id)).join(', ')
  return `<li><a href="#${group.anchor}">${esc(group.headline)}</a> <span class="n">${group.checks.length === 1 ? '1 check' : `${group.checks.length} checks`}</span><br><small class="dim">${names}</small></li>`
}

/**
 * A group: its problem, the checks it failed (each an anchor of its own), the first one in full (problems with
 * expected and actual values, the request as curl, the response), and the others' requests folded.
 */
export function groupHtml(group: ProblemGroup): string {
  const [first, ...others] = group.checks
  const f = first.failure!
  const checks = group.checks.map((r) => `<a id="${esc(r.id)}" href="#${group.anchor}">${esc(r.id)}</a>`).join(', ')
  // The actual values only when they tell the checks apart (a missing field is "nothing" in every one).
  const actuals = new Set(group.checks.map((r) => show(r.failure!.problems[0]?.actual)))
  const withActual = actuals.size > 1
  const rest = others.length
    ? `<details><summary>The requests of the other ${others.length} check${others.length === 1 ? '' : 's'}</summary><table class="others"><thead><tr><th>Check</th><th>Status</th>${withActual ? '<th>Actual</th>' : ''}<th>Request (curl)</th></tr></thead><tbody>${others.map((r) => otherRow(r, withActual)).join('')}</tbody></table></details>`
    : ''
  return `<article class="failure" id="${group.anchor}"><h3>✗ ${esc(group.headline)} <span class="n">${group.checks.length === 1 ? '1 check' : `${group.checks.length} checks`}</span></h3>
<p class="checks">${checks}</p>
${exchangeHtml(f, first.title)}${rest}</article>`
}

/** A failure in full: used for the first check of a group and for known (baseline) failures. */
export function exchangeHtml(f: FailureReport, title: string, note = ''): string {
  const problems = f.problems
    .map((p) => `<tr><td>${esc(p.location)}</td><td><code>${esc(p.pointer || '/')}</code></td><td>${esc(p.message)}</td><td><code>${esc(p.expected !== undefined ? show(p.expected) : '')}</code></td><td><code>${esc(p.actual !== undefined || p.expected !== undefined ? show(p.actual) : '')}</code></td></tr>`)
    .join('')
  const response = f.response
    ? `<p class="label">Response ${f.response.status}</p><pre class="body">${esc(pretty(f.response.body))}</pre><details><summary>Response headers</summary><pre>${esc(Object.entries(f.response.headers).map(([k, v]) => `${k}: ${v}`).join('\n'))}</pre></details>`
    : ''
  return `<p class="seen">${esc(f.checkId)} — ${esc(title)} <span class="dim">· <code>${esc(f.operationId ?? '-')}</code>${f.status !== undefined ? ` · status <b>${f.status}</b>` : ''}</span></p>${note}
<table><thead><tr><th>Where</th><th>JSON pointer</th><th>Problem</th><th>Expected</th><th>Actual</th></tr></thead><tbody>${problems}</tbody></table>
${f.before?.length ? `<p class="label">After these requests of the check (curl)</p>${f.before.map((line) => `<pre class="curl">${esc(line)}</pre>`).join('')}` : ''}${f.curl ? `<p class="label">Request (curl, secrets masked)</p><pre class="curl">${esc(f.curl)}</pre>` : ''}${response}`
}

function otherRow(r: CheckResult, withActual: boolean): string {
  const f = r.failure!
  const actual = withActual ? `<td><code>${esc(show(f.problems[0]?.actual))}</code></td>` : ''
  return `<tr><td>${esc(r.id)}<br><small class="dim">${esc(f.operationId ?? '-')}</small></td><td>${f.status ?? ''}</td>${actual}<td><pre class="curl">${esc(f.curl ?? '')}</pre></td></tr>`
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
