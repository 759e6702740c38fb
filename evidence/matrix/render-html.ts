import { esc } from '../../contracts/reporters/html-escape.js'
import { sortRows, type Matrix, type MatrixRow, type Outcome } from './build-matrix.js'

const STATE_TEXT = { failing: 'failing', 'replay-differs': 'replay differs', unchecked: 'unchecked', passing: 'passing' }
const OUTCOME_RANK: Record<Outcome, number> = { failed: 0, known: 1, skipped: 2, 'not-checked': 3, passed: 4 }

/**
 * The matrix as one self-contained page: failures first, every column sortable by a click on its header
 * (a few lines of inline script; the page loads nothing else). Every value is escaped.
 */
export function renderMatrixHtml(matrix: Matrix): string {
  const targets = matrix.targets.map((t) => t.name)
  const rows = sortRows(matrix.operations)
  const counts = Object.fromEntries(Object.keys(STATE_TEXT).map((s) => [s, rows.filter((r) => r.state === s).length]))
  const head = ['Operation', 'State', 'Mock', 'Checks (+ / −)', ...targets.map((t) => `Last run: ${t}`), 'Replay', 'Known deviations', 'JS SDK', 'Python SDK']
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>promokit fidelity matrix</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1f24}
h1{font-size:1.4rem;margin:0 0 .3rem}
.summary span{display:inline-block;margin-right:1rem}
table{border-collapse:collapse;width:100%;margin-top:1rem}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;vertical-align:top;text-align:left}
th{background:#f6f8fa;cursor:pointer;position:sticky;top:0;user-select:none}
th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
tr.failing td:first-child{border-left:4px solid #cf222e}tr.replay-differs td:first-child{border-left:4px solid #bf8700}
.failed{color:#cf222e;font-weight:600}.passed{color:#1a7f37}.known{color:#9a6700}.muted,.skipped,.not-checked{color:#6e7781}
code{font-size:12px;word-break:break-all}ul{margin:0;padding-left:1rem}summary{cursor:pointer}
td:first-child{min-width:14rem;max-width:22rem}td:nth-last-child(3){min-width:18rem}
</style></head><body>
<h1>promokit fidelity matrix</h1>
<p class="summary">${matrix.conformance ? `<span><strong>conformance ${matrix.conformance.passing}/${matrix.conformance.total}</strong> · ${esc(matrix.conformance.target)} ${esc(matrix.conformance.date)}</span>` : '<span>no contract report given</span>'}
${Object.entries(counts).map(([state, n]) => `<span>${n} ${esc(STATE_TEXT[state as keyof typeof STATE_TEXT])}</span>`).join('')}
<span class="muted">generated ${esc(matrix.generatedAt)}</span></p>
<table id="matrix"><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => renderRow(row, targets)).join('\n')}
</tbody></table>
<script>
// Click a header to sort by it (again to reverse); each cell's data-sort holds its sort key.
document.querySelectorAll('#matrix th').forEach((th, column) => th.addEventListener('click', () => {
  const body = document.querySelector('#matrix tbody')
  const ascending = th.getAttribute('aria-sort') !== 'ascending'
  document.querySelectorAll('#matrix th').forEach((other) => other.removeAttribute('aria-sort'))
  th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending')
  const key = (tr) => tr.children[column].dataset.sort
  const rows = [...body.rows].sort((a, b) => key(a).localeCompare(key(b), 'en', { numeric: true }) * (ascending ? 1 : -1))
  body.append(...rows)
}))
</script>
</body></html>
`
}

function renderRow(row: MatrixRow, targets: string[]): string {
  const rank = { failing: 0, 'replay-differs': 1, unchecked: 2, passing: 3 }[row.state]
  const cells = [
    cell(row.operationId, `<strong>${esc(row.operationId)}</strong><br><code>${esc(row.method)} ${esc(row.path)}</code>`),
    cell(`${rank}-${row.operationId}`, esc(STATE_TEXT[row.state]), row.state === 'failing' ? 'failed' : ''),
    cell(row.servedByMock ? '0' : '1', row.servedByMock ? 'served' : 'not served', row.servedByMock ? '' : 'failed'),
    cell(String(row.checks.positive.length + row.checks.negative.length).padStart(3, '0'), folded(`${row.checks.positive.length} / ${row.checks.negative.length}`, [...row.checks.positive.map((c) => `+ ${c}`), ...row.checks.negative.map((c) => `− ${c}`)])),
    ...targets.map((name) => {
      const t = row.targets.find((x) => x.target === name)
      if (!t) return cell('9', '—', 'muted')
      if (t.result === 'not-checked') return cell(`${OUTCOME_RANK[t.result]}`, 'not checked', t.result)
      return cell(`${OUTCOME_RANK[t.result]}`, `${esc(t.result)} <span class="muted">${esc(t.date)}</span>${list(t.failedChecks)}`, t.result)
    }),
    row.replay
      ? cell(row.replay.agreement.toFixed(3), `${row.replay.agreeing}/${row.replay.exchanges} <span class="muted">${esc(row.replay.against)} ${esc(row.replay.date)}</span>`, row.replay.agreement < 1 ? 'failed' : 'passed')
      : cell('9', '—', 'muted'),
    cell(String(row.deviations.length).padStart(3, '0'), list(row.deviations.map((d) => d.kind === 'baseline'
      ? `baseline ${d.check}: ${d.text} (owner ${d.owner}, until ${d.expires})`
      : d.kind === 'choice' ? `choice: ${d.text} (${d.doc?.split('#')[0]})` : `${d.target} follows: ${d.text}`))),
    cell(row.sdk.js.join(' '), list(row.sdk.js)),
    cell(row.sdk.python.join(' '), list(row.sdk.python)),
  ]
  return `<tr class="${row.state}" id="${esc(row.operationId)}">${cells.join('')}</tr>`
}

const cell = (sort: string, html: string, className = ''): string => `<td data-sort="${esc(sort)}"${className ? ` class="${esc(className)}"` : ''}>${html}</td>`
const folded = (summary: string, items: readonly string[]): string => (items.length ? `<details><summary>${esc(summary)}</summary>${list(items)}</details>` : esc(summary))
const list = (items: readonly string[]): string => (items.length ? `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '')
