import { coveragePercent } from '../coverage.js'
import { describeProblem, show } from '../failures.js'
import { driftHtml } from './drift-html.js'
import { esc } from './html-escape.js'

export { esc }
import type { CheckResult, CoverageRow, FailureReport, RunReport } from '../types.js'

/**
 * A self-contained HTML page (inline CSS, no scripts or external assets); every value is escaped. Read top
 * down: the verdict and counts, an index of the failures, the coverage table, each failure with its request
 * as curl and the response, then what was skipped, and the passing checks collapsed.
 */
export function renderHtml(report: RunReport): string {
  const { passed, failed, skipped, known = 0, rateLimited = 0 } = report.summary
  const { exercised, documented } = coveragePercent(report.coverage)
  const failures = report.results.filter((r) => r.failure && !(r.baseline && !r.baseline.expired))
  const knownFailures = report.results.filter((r) => r.failure && r.baseline && !r.baseline.expired)
  const skips = report.results.filter((r) => r.status === 'skipped')
  const passes = report.results.filter((r) => r.status === 'passed')
  const verdict = failed === 0 ? 'pass' : 'fail'
  const counts = [`${passed} passed`, `${failed} failed`, `${skipped} skipped`, ...(known ? [`${known} known (baseline)`] : []), ...(rateLimited ? [`${rateLimited} not run: rate-limited`] : [])]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${failed === 0 ? 'PASS' : `FAIL (${failed})`} — promokit contract report — ${esc(report.target.baseUrl)}</title>
<style>${CSS}</style></head>
<body>
<header class="${verdict}"><h1>promokit contract report: ${verdict === 'pass' ? 'PASS' : 'FAIL'}</h1>
<p class="big">${counts.map(esc).join(', ')}</p>
<p>Target <code>${esc(report.target.baseUrl)}</code>${report.target.isMock ? ' (promokit mock)' : ''} · run <code>${esc(report.runId)}</code> · started ${esc(report.startedAt)} · ${report.durationMs} ms · ${report.requests} requests${report.plannedRequests !== undefined ? ` (planned ${report.plannedRequests})` : ''}${report.concurrency && report.concurrency > 1 ? ` · concurrency ${report.concurrency}` : ''}${report.readOnly ? ' · read-only' : ''}</p>
${report.interrupted ? `<p class="warn">Stopped early: ${esc(report.interrupted)}</p>` : ''}${rateHtml(report)}
</header>
<main>
<nav><h2>Index</h2><p><a href="#failures">Failures (${failures.length})</a> · <a href="#coverage">Coverage (${exercised}/${documented})</a>${knownFailures.length ? ` · <a href="#known">Known failures (${knownFailures.length})</a>` : ''} · <a href="#skipped">Skipped (${skips.length})</a> · <a href="#passed">Passed (${passes.length})</a>${report.cleanup.failed.length ? ' · <a href="#cleanup" class="bad">Cleanup failed</a>' : ''}${report.drift ? ' · <a href="#drift">Drift</a>' : ''}</p>
${failures.length ? `<ol class="index">${failures.map((r) => `<li><a href="#${esc(r.id)}">${esc(r.id)}</a> <span class="dim">${esc(firstProblem(r))}</span></li>`).join('')}</ol>` : '<p>No failures.</p>'}</nav>
${baselineHtml(report)}${report.drift ? driftHtml(report.drift) : ''}
${followsHtml(report.results)}<section id="coverage"><h2>Coverage</h2><p>${exercised} of ${documented} documented statuses exercised.</p>${coverageHtml(report.coverage)}</section>
<section id="failures"><h2>Failures (${failures.length})</h2>${groupFailures(failures).map(([r, same]) => failureHtml(r.failure!, undefined, same)).join('\n') || '<p>None.</p>'}</section>
${knownFailures.length ? `<section id="known"><h2>Known failures, tolerated by the baseline (${knownFailures.length})</h2><details><summary>Show them</summary>${knownFailures.map((r) => failureHtml(r.failure!, r.baseline)).join('\n')}</details></section>` : ''}
<section id="skipped"><h2>Skipped (${skips.length})</h2>${skips.length ? checkTable(skips) : '<p>None.</p>'}</section>
<section id="passed"><h2>Passed (${passes.length})</h2><details><summary>Show the ${passes.length} passing checks</summary>${checkTable(passes)}</details></section>
${cleanupHtml(report)}
</main></body></html>
`
}

/**
 * One defect often fails many checks the same way (a wrong enum in every list answer): the first is shown in
 * full, the others are named under it, so a failing run stays a few screens long.
 */
function groupFailures(failures: readonly CheckResult[]): [CheckResult, CheckResult[]][] {
  const groups = new Map<string, [CheckResult, CheckResult[]]>()
  for (const r of failures) {
    const f = r.failure!
    const key = `${f.operationId} ${f.status} ${f.problems.map((p) => `${p.location} ${p.pointer} ${p.message}`).join('; ')}`
    const group = groups.get(key)
    if (group) group[1].push(r)
    else groups.set(key, [r, []])
  }
  return [...groups.values()]
}

function firstProblem(r: CheckResult): string {
  const p = r.failure?.problems[0]
  const more = (r.failure?.problems.length ?? 0) > 1 ? ` (+${r.failure!.problems.length - 1})` : ''
  return p ? `${describeProblem(p)}${more}` : ''
}

function rateHtml(report: RunReport): string {
  const rate = report.rateLimit
  const notRun = report.summary.rateLimited ?? 0
  if (!rate || (rate.refusals === 0 && rate.waitedMs === 0 && notRun === 0)) return ''
  return `<p class="warn">Rate limit: waited ${Math.round(rate.waitedMs / 1000)} s, ${rate.refusals} answers 429 retried (none counted as a failure)${notRun ? `; ${notRun} check(s) not run because the target rate-limited the run longer than --rate-limit-wait` : ''}.</p>`
}

function baselineHtml(report: RunReport): string {
  const b = report.baseline
  if (!b) return ''
  const list = (title: string, items: string[], cls = ''): string => (items.length ? `<p>${title}:</p><ul class="${cls}">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '')
  return `<section id="baseline"><h2>Baseline <code>${esc(b.file)}</code></h2><p>${b.known.length} known failure(s) tolerated, ${b.expired.length} expired (they fail the run), ${b.nowPassing.length} now passing.</p>${list('Expired entries', b.expired, 'bad')}${list('Entries whose check now passes (remove them)', b.nowPassing)}</section>`
}

function checkTable(results: readonly CheckResult[]): string {
  return `<table><thead><tr><th></th><th>Check</th><th>Operations</th><th>ms</th><th>Note</th></tr></thead><tbody>${results.map(checkRow).join('\n')}</tbody></table>`
}

function failureHtml(f: FailureReport, known?: CheckResult['baseline'], same: readonly CheckResult[] = []): string {
  const problems = f.problems
    .map((p) => `<tr><td>${esc(p.location)}</td><td><code>${esc(p.pointer || '/')}</code></td><td>${esc(p.message)}</td><td><code>${esc(p.expected !== undefined ? show(p.expected) : '')}</code></td><td><code>${esc(p.actual !== undefined || p.expected !== undefined ? show(p.actual) : '')}</code></td></tr>`)
    .join('')
  const response = f.response
    ? `<p class="label">Response ${f.response.status}</p><pre class="body">${esc(pretty(f.response.body))}</pre><details><summary>Response headers</summary><pre>${esc(Object.entries(f.response.headers).map(([k, v]) => `${k}: ${v}`).join('\n'))}</pre></details>`
    : ''
  const request = f.request?.body ? `<details><summary>Request body</summary><pre>${esc(pretty(f.request.body))}</pre></details>` : ''
  const sameNote = same.length ? `<p class="dim">The same problem also fails ${same.length} more: ${same.map((r) => `<a id="${esc(r.id)}" href="#${esc(f.checkId)}">${esc(r.id)}</a>`).join(', ')}</p>` : ''
  const knownNote = known ? `<p class="dim">Known: ${esc(known.reason)} (owner ${esc(known.owner)}, until ${esc(known.expires)})</p>` : ''
  return `<article class="failure" id="${esc(f.checkId)}"><h3>✗ ${esc(f.checkId)} — ${esc(f.title)} <span class="dim">· <code>${esc(f.operationId ?? '-')}</code>${f.status !== undefined ? ` · status <b>${f.status}</b>` : ''}</span></h3>${knownNote}${sameNote}
<table><thead><tr><th>Where</th><th>JSON pointer</th><th>Problem</th><th>Expected</th><th>Actual</th></tr></thead><tbody>${problems}</tbody></table>
${f.curl ? `<p class="label">Request (curl, secrets masked)</p><pre class="curl">${esc(f.curl)}</pre>` : ''}${request}${response}</article>`
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

/** Per check, which documented behaviour the target showed where the API description and the real service differ. */
function followsHtml(results: readonly CheckResult[]): string {
  const noted = results.filter((r) => r.follows?.length)
  if (noted.length === 0) return ''
  const rows = noted.map((r) => `<tr><td>${r.failure ? `<a href="#${esc(r.id)}">${esc(r.id)}</a>` : esc(r.id)}</td><td>${r.follows!.map(esc).join('<br>')}</td></tr>`).join('')
  return `<section id="follows"><h2>Documented alternatives (${noted.length} checks)</h2><details><summary>Where the API description and the real service differ, both pass; what this target does</summary><table><thead><tr><th>Check</th><th>The target follows</th></tr></thead><tbody>${rows}</tbody></table></details></section>\n`
}

function checkRow(r: CheckResult): string {
  const mark = { passed: '✓', failed: '✗', skipped: '–' }[r.status]
  const link = r.failure ? `<a href="#${esc(r.id)}">${esc(r.id)}</a>` : esc(r.id)
  return `<tr class="${r.status}"><td>${mark}</td><td>${link}<br><small>${esc(r.title)}</small></td><td>${esc(r.operationIds.join(', '))}</td><td>${r.durationMs}</td><td>${esc(r.reason ?? '')}${r.follows?.length ? `<small>${r.reason ? '<br>' : ''}follows: ${r.follows.map(esc).join('; ')}</small>` : ''}</td></tr>`
}

function cleanupHtml(report: RunReport): string {
  const { deleted, failed, kept = [] } = report.cleanup
  if (!deleted.length && !failed.length && !kept.length) return ''
  const keptHtml = kept.length ? `<details><summary>${kept.length} kept (the API cannot delete them; named with the run prefix)</summary><ul>${kept.map((k) => `<li>${esc(k)}</li>`).join('')}</ul></details>` : ''
  return `<section id="cleanup"><h2>Cleanup</h2><p>${deleted.length} done, ${failed.length} failed.</p><ul>${failed.map((f) => `<li class="bad">${esc(f)}</li>`).join('')}</ul>${keptHtml}</section>`
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{padding:12px 24px;color:#fff}header.pass{background:#1f7a3a}header.fail{background:#b3261e}header p{margin:2px 0}
h1{margin:0 0 2px;font-size:20px}h2{font-size:17px;margin:0 0 6px}h3{font-size:14px;margin:0 0 4px}.big{font-size:20px;font-weight:600}header code{color:#fff}
main{padding:4px 24px 40px}section,nav{margin-top:16px}table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}th{background:#f0f0f0}
ol.index{margin:4px 0;padding-left:24px;columns:2;column-gap:24px}ol.index li{break-inside:avoid;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
tr.failed td:first-child{color:#b3261e;font-weight:700}tr.passed td:first-child{color:#1f7a3a}tr.skipped{color:#777}
.failure{border-left:4px solid #b3261e;background:#fff;padding:6px 12px;margin:8px 0}.label{margin:4px 0 0;font-weight:600}
pre{background:#f4f4f4;padding:6px;margin:2px 0;overflow:auto;white-space:pre-wrap;word-break:break-all}pre.body{max-height:9em}pre.curl{max-height:5em}
.hit{background:#d4f0dc;padding:0 4px;border-radius:3px}.miss{background:#eee;color:#888;padding:0 4px;border-radius:3px}
.bad{color:#b3261e}.warn{background:#ffd54f;color:#000;padding:4px 8px}.dim{color:#666;font-weight:400}summary{cursor:pointer;color:#0b57d0}`
