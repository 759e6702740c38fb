import type { ReplayReport } from './replay.js'

const show = (value: unknown): string => (value === undefined ? 'absent' : truncate(JSON.stringify(value)))
const truncate = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}...` : text)

/** The console's view of a replay: each difference (operation, kind, pointer, both values), then the agreement per operation. */
export function printReplay(out: { write(text: string): unknown }, report: ReplayReport): void {
  for (const d of report.differences) {
    out.write(`✗ #${d.entry} ${d.operationId} ${d.kind} ${d.pointer || '(status)'}: recorded ${show(d.recorded)} | now ${show(d.now)}\n`)
  }
  for (const d of report.timing) {
    out.write(`~ #${d.entry} ${d.operationId} timing ${d.pointer || '(status)'}: recorded ${show(d.recorded)} | now ${show(d.now)} (only time explains it)\n`)
  }
  if (report.skipped.length) out.write(`${report.skipped.length} exchange(s) not compared (e.g. ${report.skipped[0].method} ${report.skipped[0].url}: ${report.skipped[0].reason})\n`)
  const threaded = report.threaded ?? []
  if (threaded.length) {
    const examples = threaded.slice(0, 3).map((t) => `${truncate(t.recorded)} → ${truncate(t.now)}`).join(', ')
    out.write(`${threaded.length} recorded id(s), code(s) or URL(s) replaced in later requests by the new target's own (${examples}${threaded.length > 3 ? ', …' : ''})\n`)
  }
  out.write('\nAgreement per operation:\n')
  for (const op of report.operations) out.write(`  ${op.agreement === 1 ? '✓' : '✗'} ${op.operationId.padEnd(34)} ${op.agreeing}/${op.exchanges}\n`)
  const agreeing = report.operations.reduce((n, op) => n + op.agreeing, 0)
  const total = report.operations.reduce((n, op) => n + op.exchanges, 0)
  out.write(`\n${agreeing}/${total} exchange(s) agree, ${report.differences.length} contract difference(s), ${report.timing.length} timing difference(s)\n`)
}
