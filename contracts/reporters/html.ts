import { coveragePercent } from '../coverage.js'
import { show } from '../failures.js'
import type { CheckResult, CoverageRow, FailureReport, RunReport } from '../types.js'

/** A self-contained HTML page (inline CSS, no scripts or external assets); every value is escaped. */
export function renderHtml(report: RunReport): string {
  const { passed, failed, skipped } = report.summary
  const { exercised, documented } = coveragePercent(report.coverage)
  const verdict = failed === 0 ? 'pass' : 'fail'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>promokit contract report — ${esc(report.target.baseUrl)}</title>
<style>${CSS}</style></head>
<body>
<header class="${verdict}"><h1>promokit contract report</h1>
<p class="big">${passed} passed, ${failed} failed, ${skipped} skipped</p>
<p>Target <code>${esc(report.target.baseUrl)}</code>${report.target.isMock ? ' (promokit mock)' : ''} · run <code>${esc(report.runId)}</code> · started ${esc(report.startedAt)} · ${report.durationMs} ms · ${report.requests} requests${report.readOnly ? ' · read-only' : ''}</p>
${report.interrupted ? `<p class="warn">Stopped early: ${esc(report.interrupted)}</p>` : ''}
</header>
<main>
<section><h2>Failures (${failed})</h2>${report.results.filter((r) => r.failure).map((r) => failureHtml(r.failure!)).join('\n') || '<p>None.</p>'}</section>
<section><h2>Coverage</h2><p>${exercised} of ${documented} documented statuses exercised.</p>${coverageHtml(report.coverage)}</section>
<section><h2>Checks</h2><table><thead><tr><th></th><th>Check</th><th>Operations</th><th>ms</th><th>Note</th></tr></thead><tbody>
${report.results.map(checkRow).join('\n')}
</tbody></table></section>
${cleanupHtml(report)}
</main></body></html>
`
}

function failureHtml(f: FailureReport): string {
  const problems = f.problems
    .map((p) => `<tr><td>${esc(p.location)}</td><td><code>${esc(p.pointer || '/')}</code></td><td>${esc(p.message)}</td><td><code>${esc(p.expected !== undefined ? show(p.expected) : '')}</code></td><td><code>${esc(p.actual !== undefined || p.expected !== undefined ? show(p.actual) : '')}</code></td></tr>`)
    .join('')
  const response = f.response
    ? `<details open><summary>Response ${f.response.status}</summary><pre>${esc(Object.entries(f.response.headers).map(([k, v]) => `${k}: ${v}`).join('\n'))}\n\n${esc(pretty(f.response.body))}</pre></details>`
    : ''
  const request = f.request
    ? `<details open><summary>Request</summary><pre>${esc([`${f.request.method} ${f.request.url}`, ...Object.entries(f.request.headers).map(([k, v]) => `${k}: ${v}`)].join('\n'))}${f.request.body ? `\n\n${esc(pretty(f.request.body))}` : ''}</pre></details>`
    : ''
  return `<article class="failure" id="${esc(f.checkId)}"><h3>✗ ${esc(f.checkId)} — ${esc(f.title)}</h3>
<p>Operation <code>${esc(f.operationId ?? '-')}</code>${f.status !== undefined ? `, status <b>${f.status}</b>` : ''}</p>
<table><thead><tr><th>Where</th><th>JSON pointer</th><th>Problem</th><th>Expected</th><th>Actual</th></tr></thead><tbody>${problems}</tbody></table>
${f.curl ? `<p>Reproduce:</p><pre class="curl">${esc(f.curl)}</pre>` : ''}${request}${response}</article>`
}

function coverageHtml(rows: readonly CoverageRow[]): string {
  const body = rows
    .map((row) => {
      const cells = row.statuses.map((s) => `<span class="${s.exercised ? 'hit' : 'miss'}">${esc(s.status)}</span>`).join(' ')
      const extra = row.undocumented.length ? ` <span class="bad">undocumented: ${esc(row.undocumented.join(' '))}</span>` : ''
      return `<tr><td><code>${esc(row.operationId)}</code></td><td>${esc(row.method)} <code>${esc(row.path)}</code></td><td>${cells}${extra}</td></tr>`
    })
    .join('\n')
  return `<table><thead><tr><th>Operation</th><th>Route</th><th>Documented statuses (green = exercised)</th></tr></thead><tbody>${body}</tbody></table>`
}

function checkRow(r: CheckResult): string {
  const mark = { passed: '✓', failed: '✗', skipped: '–' }[r.status]
  const link = r.failure ? `<a href="#${esc(r.id)}">${esc(r.id)}</a>` : esc(r.id)
  return `<tr class="${r.status}"><td>${mark}</td><td>${link}<br><small>${esc(r.title)}</small></td><td>${esc(r.operationIds.join(', '))}</td><td>${r.durationMs}</td><td>${esc(r.reason ?? '')}</td></tr>`
}

function cleanupHtml(report: RunReport): string {
  const { deleted, failed, kept = [] } = report.cleanup
  if (!deleted.length && !failed.length && !kept.length) return ''
  const keptHtml = kept.length ? `<p>${kept.length} kept (the API cannot delete them; named with the run prefix):</p><ul>${kept.map((k) => `<li>${esc(k)}</li>`).join('')}</ul>` : ''
  return `<section><h2>Cleanup</h2><p>${deleted.length} done, ${failed.length} failed.</p><ul>${failed.map((f) => `<li class="bad">${esc(f)}</li>`).join('')}</ul>${keptHtml}</section>`
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

export function esc(text: string): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{padding:16px 24px;color:#fff}header.pass{background:#1f7a3a}header.fail{background:#b3261e}
h1{margin:0 0 4px;font-size:20px}.big{font-size:22px;font-weight:600;margin:4px 0}header code{color:#fff}
main{padding:8px 24px 40px}section{margin-top:24px}table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f0f0f0}
tr.failed td:first-child{color:#b3261e;font-weight:700}tr.passed td:first-child{color:#1f7a3a}tr.skipped{color:#777}
.failure{border-left:4px solid #b3261e;background:#fff;padding:8px 16px;margin:12px 0}
pre{background:#f4f4f4;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-all}
.hit{background:#d4f0dc;padding:0 4px;border-radius:3px}.miss{background:#eee;color:#888;padding:0 4px;border-radius:3px}
.bad{color:#b3261e}.warn{background:#ffd54f;color:#000;padding:4px 8px}`
