import { sortRows, type Matrix } from './build-matrix.js'

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The matrix as a Markdown table for a README: one line per operation, failures first, the badge on top. */
export function renderMatrixMarkdown(matrix: Matrix, badgePath = 'badge.svg'): string {
  const targets = matrix.targets.map((t) => t.name)
  const lines = [
    `![${cell(badgeText(matrix))}](${badgePath})`,
    '',
    `| Operation | State | Mock | Checks + / − | ${targets.map((t) => `${cell(t)}`).join(' | ')}${targets.length ? ' | ' : ''}Replay | Known deviations | JS SDK | Python SDK |`,
    `|---|---|---|---|${targets.map(() => '---|').join('')}---|---|---|---|`,
  ]
  for (const row of sortRows(matrix.operations)) {
    const results = targets.map((name) => {
      const t = row.targets.find((x) => x.target === name)
      return t ? `${t.result} ${t.date}` : '—'
    })
    const replay = row.replay ? `${row.replay.agreeing}/${row.replay.exchanges} (${row.replay.against})` : '—'
    const deviations = row.deviations.map((d) => (d.kind === 'baseline' ? `baseline: ${d.check} (${d.owner}, until ${d.expires})` : d.kind === 'choice' ? `choice: ${d.text}` : `${d.target} follows: ${d.text}`))
    lines.push(`| \`${row.operationId}\` | ${row.state} | ${row.servedByMock ? 'yes' : 'no'} | ${row.checks.positive.length} / ${row.checks.negative.length} | ${results.map(cell).join(' | ')}${results.length ? ' | ' : ''}${cell(replay)} | ${cell(deviations.join('; ') || '—')} | ${cell(row.sdk.js.join(', ') || '—')} | ${cell(row.sdk.python.join(', ') || '—')} |`)
  }
  return `${lines.join('\n')}\n`
}

/** "conformance 47/47 · staging 2026-11-26", or "conformance unknown" without a report. */
export function badgeText(matrix: Matrix): string {
  const c = matrix.conformance
  return c ? `conformance ${c.passing}/${c.total} · ${c.target} ${c.date}` : 'conformance unknown'
}
