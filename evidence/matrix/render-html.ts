import { escapeHtml as esc } from '../../src/html-escape.js'
import { RANK, sortRows, type Deviation, type Matrix, type MatrixRow, type Outcome, type RowState } from './build-matrix.js'
import { MATRIX_SCRIPT, MATRIX_STYLE } from './matrix-page-assets.js'

const STATE_TEXT: Record<RowState, string> = { failing: 'failing', 'replay-differs': 'replay differs', known: 'known deviation', unchecked: 'unchecked', passing: 'passing' }
const OUTCOME_RANK: Record<Outcome, number> = { failed: 0, known: 1, skipped: 2, 'not-checked': 3, passed: 4 }

/**
 * The matrix as one self-contained page: failures first, every column sortable by a click on its header
 * (a few lines of inline script; the page loads nothing else), where each result came from listed under the
 * table. Every value is escaped.
 */
export function renderMatrixHtml(matrix: Matrix): string {
  const targets = matrix.targets.map((t) => t.name)
  const rows = sortRows(matrix.operations)
  const counts = Object.fromEntries(Object.keys(STATE_TEXT).map((s) => [s, rows.filter((r) => r.state === s).length]))
  const head = ['Operation', 'State', 'Mock', 'Checks<br><span class="when">+ / −</span>', ...targets.map((t) => `${esc(t)}<br><span class="when">last run</span>`), 'Replay', 'Known deviations', 'SDK methods']
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>promokit fidelity matrix</title>
<style>${MATRIX_STYLE}</style></head><body>
<h1>promokit fidelity matrix</h1>
<p class="summary">${matrix.conformance ? `<span><strong>conformance ${matrix.conformance.passing}/${matrix.conformance.total}</strong> · ${esc(matrix.conformance.target)} ${esc(matrix.conformance.date)}</span>` : '<span>no contract report given</span>'}
${Object.entries(counts).map(([state, n]) => `<span class="count${n ? ` ${state}` : ''}">${n} ${esc(STATE_TEXT[state as RowState])}</span>`).join('')}
<span class="muted">generated ${esc(matrix.generatedAt.slice(0, 16).replace('T', ' '))} UTC · click a column to sort</span></p>
<table id="matrix"><thead><tr>${head.map((h) => `<th scope="col"${h === 'State' ? ' aria-sort="ascending"' : ''}>${h}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => renderRow(row, targets)).join('\n')}
</tbody></table>
${renderSources(matrix)}
<script>${MATRIX_SCRIPT}</script>
</body></html>
`
}

function renderRow(row: MatrixRow, targets: string[]): string {
  const checks = [...row.checks.positive.map((c) => `+ ${c}`), ...row.checks.negative.map((c) => `− ${c}`)]
  const cells = [
    cell(row.operationId, `<strong>${esc(row.operationId)}</strong><br><code>${esc(row.method)} ${breakable(row.path)}</code>`),
    cell(`${RANK[row.state]}-${row.operationId}`, esc(STATE_TEXT[row.state]), row.state === 'failing' ? 'failed' : row.state === 'passing' || row.state === 'unchecked' ? '' : 'known'),
    cell(row.servedByMock ? '0' : '1', row.servedByMock ? 'served' : 'not served', row.servedByMock ? '' : 'failed'),
    cell(String(checks.length).padStart(3, '0'), folded(`${row.checks.positive.length} / ${row.checks.negative.length}`, checks)),
    ...targets.map((name) => {
      const t = row.targets.find((x) => x.target === name)
      if (!t) return cell('9', '—', 'muted')
      if (t.result === 'not-checked') return cell(`${OUTCOME_RANK[t.result]}`, 'not checked', t.result)
      return cell(`${OUTCOME_RANK[t.result]}`, `${esc(t.result)}<br><span class="when">${esc(t.date)}</span>${list(t.failedChecks)}`, t.result)
    }),
    row.replay
      ? cell(row.replay.agreement.toFixed(3), `${row.replay.agreeing}/${row.replay.exchanges}<br><span class="when">${esc(row.replay.against)} ${esc(row.replay.date)}</span>`, row.replay.agreement < 1 ? 'failed' : 'passed')
      : cell('9', '—', 'muted'),
    cell(String(row.deviations.length).padStart(3, '0'), row.deviations.length ? `<ul>${row.deviations.map(deviation).join('')}</ul>` : ''),
    cell(row.sdk.js[0] ?? row.sdk.python[0] ?? '~', sdk('JS', row.sdk.js) + sdk('Python', row.sdk.python)),
  ]
  return `<tr class="state-${row.state}" id="${esc(row.operationId)}">${cells.join('')}</tr>`
}

function deviation(d: Deviation): string {
  const { check = '', owner = '', expires = '', target = '' } = d
  if (d.kind === 'baseline') return `<li><span class="tag">baseline</span> <code>${esc(check)}</code>: ${esc(d.text)} <span class="when">owner ${esc(owner)}, until ${esc(expires)}</span></li>`
  if (d.kind === 'choice') return `<li><span class="tag">choice</span> ${esc(d.text)} <span class="when">${esc(d.doc?.split('#')[0] ?? '')}</span></li>`
  return `<li><span class="tag">${esc(target)} follows</span> ${esc(d.text)}</li>`
}

function renderSources(matrix: Matrix): string {
  const items = [
    ...matrix.targets.map((t) => `<li><strong>${esc(t.name)}</strong> ${esc(t.date)}: ${esc(t.baseUrl)}, ${t.passed} passed, ${t.failed} failed <span class="when">${esc(t.file)}</span></li>`),
    ...matrix.replays.map((r) => `<li>replay of ${esc(r.har)} against <strong>${esc(r.against)}</strong> ${esc(r.date)}: ${r.exchanges} exchange(s), ${r.differences} difference(s) <span class="when">${esc(r.file)}</span></li>`),
  ]
  return `<h2>Sources</h2>${items.length ? `<ul class="sources">${items.join('')}</ul>` : '<p class="muted">no contract report or replay given: only the spec, the suite and the SDK tables</p>'}`
}

const cell = (sort: string, html: string, className = ''): string => `<td data-sort="${esc(sort)}"${className ? ` class="${esc(className)}"` : ''}>${html}</td>`
const folded = (summary: string, items: readonly string[]): string => (items.length ? `<details><summary>${esc(summary)}</summary>${list(items)}</details>` : esc(summary))
const list = (items: readonly string[]): string => (items.length ? `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '')
const sdk = (language: string, methods: readonly string[]): string => `<div><span class="tag">${language}</span> ${methods.length ? methods.map((m) => `<code>${esc(m).replace(/[._]/g, '$&<wbr>')}</code>`).join(' ') : '<span class="muted">none</span>'}</div>`
/** A path that wraps after a slash, never inside a name. */
const breakable = (path: string): string => esc(path).replace(/\//g, '/<wbr>')
