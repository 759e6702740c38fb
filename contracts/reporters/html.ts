import { coveragePercent } from '../coverage.js'
import type { CheckResult, CoverageRow, RunReport } from '../types.js'
import { driftHtml } from './drift-html.js'
import { esc } from './html-escape.js'
import { exchangeHtml, groupHtml, groupProblems, indexEntry } from './html-failures.js'

export { esc }

/**
 * A self-contained HTML page (inline CSS, no scripts or external assets); every value is escaped. Read top
 * down: the verdict and counts, an index of the failures, the coverage table, each failure with its request
 * as curl and the response, then what was skipped, and the passing checks collapsed.
 */
export function renderHtml(report: RunReport): string {
  const { passed, failed, skipped, known = 0, rateLimited = 0, overBudget = 0, leftOut = 0 } = report.summary
  const { exercised, documented } = coveragePercent(report.coverage)
  const failures = report.results.filter((r) => r.failure && !(r.baseline && !r.baseline.expired))
  const groups = groupProblems(failures)
  const knownFailures = report.results.filter((r) => r.failure && r.baseline && !r.baseline.expired)
  const skips = report.results.filter((r) => r.status === 'skipped')
  const passes = report.results.filter((r) => r.status === 'passed')
  // A drift report fails (exit 1) when the targets differ, whatever target A's own checks did: the banner says so.
  const drifted = report.drift?.checks.length ?? 0
  // A run in which no check ran exits 2: its banner never says PASS.
  const nothingRan = passed + failed + known === 0
  const verdict = failed === 0 && drifted === 0 && !nothingRan ? 'pass' : 'fail'
  const word = failed > 0 ? `FAIL (${failed})` : drifted > 0 ? `DRIFT (${drifted} check${drifted === 1 ? '' : 's'} answered differently)` : nothingRan ? 'NO CHECK RAN' : 'PASS'
  const counts = [`${passed} passed`, `${failed} failed`, `${skipped} skipped`, ...(known ? [`${known} known (baseline)`] : []), ...(rateLimited ? [`${rateLimited} not run: rate-limited`] : []), ...(overBudget ? [`${overBudget} not run: --max-requests used up`] : []), ...(leftOut ? [`${leftOut} left out by --budget`] : [])]
  const links = [
    `<a href="#failures">Failures (${failures.length})</a>`,
    `<a href="#coverage">Coverage (${exercised}/${documented})</a>`,
    ...(knownFailures.length ? [`<a href="#known">Known failures (${knownFailures.length})</a>`] : []),
    ...(report.drift ? ['<a href="#drift">Drift</a>'] : []),
    ...(report.results.some((r) => r.follows?.length) ? ['<a href="#follows">Documented alternatives</a>'] : []),
    `<a href="#skipped">Skipped (${skips.length})</a>`,
    `<a href="#passed">Passed (${passes.length})</a>`,
    ...(report.cleanup.failed.length ? ['<a href="#cleanup" class="bad">Cleanup failed</a>'] : []),
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${word} — promokit contract report — ${esc(report.target.baseUrl)}</title>
<style>${CSS}</style></head>
<body>
<header class="${verdict}"><h1>promokit contract report: ${failed > 0 ? 'FAIL' : word}${rateLimited + overBudget > 0 ? ` (incomplete: ${rateLimited + overBudget} check(s) not run)` : ''}</h1>
<p class="big">${counts.map(esc).join(', ')}${groups.length ? `<span class="sub"> · ${groups.length === 1 ? '1 distinct problem' : `${groups.length} distinct problems`}</span>` : ''}</p>
<p>Target <code>${esc(report.target.baseUrl)}</code>${report.target.isMock ? ' (promokit mock)' : ''} · run <code>${esc(report.runId)}</code> · started ${esc(report.startedAt)} · ${report.durationMs} ms · ${report.requests} requests${report.plannedRequests !== undefined ? ` (planned ${report.plannedRequests})` : ''}${report.concurrency && report.concurrency > 1 ? ` · concurrency ${report.concurrency}` : ''}${report.readOnly ? ' · read-only' : ''}</p>
${report.interrupted ? `<p class="warn">Stopped early: ${esc(report.interrupted)}</p>` : ''}${rateHtml(report)}
</header>
<main>
<nav><p>${links.join(' · ')}</p>
${groups.length ? `<h2>Problems (${groups.length}), the most widespread first</h2><ol class="index">${groups.map(indexEntry).join('')}</ol>` : '<p>No failures.</p>'}</nav>
${baselineHtml(report)}<section id="coverage"><h2>Coverage: ${exercised} of ${documented} documented statuses exercised</h2>${coverageHtml(report.coverage)}</section>
<section id="failures"><h2>Failures (${failures.length} checks, ${groups.length} problems)</h2>${groups.map(groupHtml).join('\n') || '<p>None.</p>'}</section>
${knownFailures.length ? `<section id="known"><h2>Known failures, tolerated by the baseline (${knownFailures.length})</h2><details><summary>Show them</summary>${knownFailures.map(knownHtml).join('\n')}</details></section>` : ''}
${report.drift ? driftHtml(report.drift) : ''}${followsHtml(report.results)}<section id="skipped"><h2>Skipped (${skips.length})</h2>${skips.length ? checkTable(skips) : '<p>None.</p>'}</section>
<section id="passed"><h2>Passed (${passes.length})</h2><details><summary>Show the ${passes.length} passing checks</summary>${checkTable(passes)}</details></section>
${cleanupHtml(report)}
</main></body></html>
`
}

function knownHtml(r: CheckResult): string {
  const b = r.baseline!
  return `<article class="failure known" id="${esc(r.id)}">${exchangeHtml(r.failure!, r.title, `<p class="dim">Known: ${esc(b.reason)} (owner ${esc(b.owner)}, until ${esc(b.expires)})</p>`)}</article>`
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

/**
 * Compact, so that it can sit above the failures: one cell per operation (its route on hover), the documented
 * statuses green when the run received them; statuses the spec does not document in red.
 */
function coverageHtml(rows: readonly CoverageRow[]): string {
  const cells = rows
    .map((row) => {
      const statuses = row.statuses.map((s) => `<span class="${s.exercised ? 'hit' : 'miss'}">${esc(s.status)}</span>`).join('')
      const extra = row.undocumented.length ? ` <span class="bad">undocumented: ${esc(row.undocumented.join(' '))}</span>` : ''
      return `<div title="${esc(`${row.operationId}: ${row.method} ${row.path}`)}"><code>${esc(row.operationId)}</code><span class="chips">${statuses}${extra}</span></div>`
    })
    .join('')
  return `<div class="cov">${cells}</div><p class="dim">Green: documented and received. Grey: documented, not received. Hover an operation for its route.</p>`
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

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{padding:12px 24px;color:#fff}header.pass{background:#1f7a3a}header.fail{background:#b3261e}header p{margin:2px 0}
h1{margin:0 0 2px;font-size:20px}h2{font-size:17px;margin:0 0 6px}h3{font-size:15px;margin:0 0 4px}.big{font-size:20px;font-weight:600}.sub{font-size:15px;font-weight:400}header code{color:#fff}
main{padding:4px 24px 40px}section,nav{margin-top:16px}table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}th{background:#f0f0f0}
ol.index{margin:4px 0;padding-left:28px}ol.index li{margin:2px 0}ol.index small{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.n{display:inline-block;background:#b3261e;color:#fff;border-radius:9px;padding:0 7px;font-size:12px;font-weight:600;vertical-align:1px}
tr.failed td:first-child{color:#b3261e;font-weight:700}tr.passed td:first-child{color:#1f7a3a}tr.skipped{color:#777}
.failure{border-left:4px solid #b3261e;background:#fff;padding:6px 12px;margin:10px 0}.failure.known{border-color:#999}.label{margin:4px 0 0;font-weight:600}
.checks{margin:2px 0 6px}.seen{margin:4px 0;font-weight:600}
pre{background:#f4f4f4;padding:6px;margin:2px 0;overflow:auto;white-space:pre-wrap;word-break:break-all}pre.body{max-height:calc(8 * 1.45em + 12px)}pre.curl{max-height:calc(4 * 1.45em + 12px)}
table.others pre.curl{margin:0;padding:2px 4px;max-height:calc(3 * 1.45em + 4px)}table.others td:first-child{white-space:nowrap;width:1%}table.others td:nth-child(2){width:1%}
.cov{display:grid;grid-template-columns:repeat(auto-fill,minmax(36em,1fr));gap:1px 24px;font-size:13px}.cov div{display:flex;align-items:baseline}
.cov code{flex:0 0 18em;margin-right:6px}.cov span.chips{flex:1}
.hit,.miss{padding:0 3px;margin-right:2px;border-radius:3px}.hit{background:#d4f0dc}.miss{background:#eee;color:#999}
table.drift{table-layout:fixed}table.drift td{overflow-wrap:anywhere}
.bad{color:#b3261e}.warn{background:#ffd54f;color:#000;padding:4px 8px}.dim{color:#666;font-weight:400}summary{cursor:pointer;color:#0b57d0}`
