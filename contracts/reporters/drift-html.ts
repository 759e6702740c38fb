import type { DriftReport } from '../drift.js'
import { escapeHtml as esc } from '../../src/html-escape.js'

/** The drift section of the HTML report: per check, each difference between target A and target B. */
export function driftHtml(drift: DriftReport): string {
  const rows = drift.checks
    .flatMap((c) => c.differences.map((d, i) => `<tr>${i === 0 ? `<td rowspan="${c.differences.length}"><code>${esc(c.id)}</code><br><small>A ${esc(c.a)} · B ${esc(c.b)}</small></td>` : ''}<td>${esc(d.kind)}</td><td><code>${esc([d.operationId, d.pointer].filter(Boolean).join(' '))}</code></td><td>${esc(show(d.a))}</td><td>${esc(show(d.b))}</td></tr>`))
    .join('\n')
  return `<section id="drift"><h2>Drift: A <code>${esc(drift.a.baseUrl)}</code> vs B <code>${esc(drift.b.baseUrl)}</code></h2>
<p>${drift.checks.length} check(s) answered differently. A: ${summary(drift.a.summary)}; B: ${summary(drift.b.summary)}.</p>
${drift.checks.length ? `<table class="drift"><colgroup><col style="width:15em"><col style="width:5em"><col style="width:17em"><col><col></colgroup><thead><tr><th>Check</th><th>Kind</th><th>Where</th><th>A</th><th>B</th></tr></thead><tbody>${rows}</tbody></table>` : ''}</section>`
}

const summary = (s: DriftReport['a']['summary']): string => `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`
// Arrays (enum values seen) spaced, so that a long one wraps inside its column.
const show = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => JSON.stringify(x)).join(', ') : JSON.stringify(v))
