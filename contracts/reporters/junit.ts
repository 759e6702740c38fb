import { describeProblem } from '../failures.js'
import type { CheckResult, RunReport } from '../types.js'

/** JUnit XML: one testsuite per area (the id's first segment), one testcase per check. */
export function renderJunit(report: RunReport): string {
  const areas = new Map<string, RunReport['results']>()
  for (const r of report.results) {
    const area = r.id.split('.')[0]
    areas.set(area, [...(areas.get(area) ?? []), r])
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  lines.push(`<testsuites name="promokit contract" tests="${report.results.length}" failures="${report.summary.failed}" skipped="${report.summary.skipped + (report.summary.known ?? 0)}" time="${seconds(report.durationMs)}">`)
  for (const [area, results] of areas) {
    const failed = results.filter((r) => r.status === 'failed' && !isKnown(r)).length
    const skipped = results.filter((r) => r.status === 'skipped' || isKnown(r)).length
    const time = results.reduce((sum, r) => sum + r.durationMs, 0)
    lines.push(`  <testsuite name="${xml(area)}" tests="${results.length}" failures="${failed}" skipped="${skipped}" errors="0" time="${seconds(time)}" timestamp="${xml(report.startedAt)}">`)
    for (const r of results) {
      const open = `    <testcase classname="contract.${xml(area)}" name="${xml(`${r.id}: ${r.title}`)}" time="${seconds(r.durationMs)}"`
      if (r.status === 'passed') lines.push(`${open}/>`)
      else if (isKnown(r)) lines.push(`${open}>`, `      <skipped message="${xml(`known failure (baseline: ${r.baseline!.owner}, until ${r.baseline!.expires}): ${r.baseline!.reason}`)}"/>`, '    </testcase>')
      else if (r.status === 'skipped') lines.push(`${open}>`, `      <skipped message="${xml(r.reason ?? '')}"/>`, '    </testcase>')
      else {
        const f = r.failure!
        const message = f.problems.map(describeProblem).join('; ')
        const detail = [
          `operation: ${f.operationId ?? '-'}${f.status !== undefined ? ` (status ${f.status})` : ''}`,
          ...f.problems.map((p) => `${describeProblem(p)}`),
          ...(f.before ?? []).map((line) => `after: ${line}`),
          ...(f.curl ? [`request: ${f.curl}`] : []),
          ...(f.response ? [`response: ${f.response.body.slice(0, 2000)}`] : []),
        ].join('\n')
        lines.push(`${open}>`, `      <failure message="${xml(message)}" type="${xml(f.problems[0]?.keyword ?? 'contract')}">${xml(detail)}</failure>`, '    </testcase>')
      }
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>', '')
  return lines.join('\n')
}

/** A failure the baseline tolerates: reported as skipped, so the CI check stays green for it. */
const isKnown = (r: CheckResult): boolean => r.status === 'failed' && r.baseline !== undefined && !r.baseline.expired

const seconds = (ms: number): string => (ms / 1000).toFixed(3)

/** Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry. */
export function xml(text: string): string {
  return text
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}
