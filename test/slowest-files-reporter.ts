import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

const SHOWN = 12

/**
 * Lists the slowest test files at the end of a run, so a file that grows slow shows in every CI log.
 * A file's time is what its worker spent on it: importing it (and what it imports), setup, then its tests
 * and hooks. On a shared machine compare files with each other (the share column), not absolute seconds.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const d = module.diagnostic()
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration
      return { file: relative(process.cwd(), module.moduleId), load, tests: d.duration, total: load + d.duration }
    })
    if (rows.length < 2) return
    const sum = rows.reduce((acc, row) => acc + row.total, 0)
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6)
    const lines = rows
      .sort((a, b) => b.total - a.total)
      .slice(0, SHOWN)
      .map((row) => `${s(row.total)} s ${((row.total / sum) * 100).toFixed(1).padStart(5)} %  (import ${s(row.load).trim()} s, tests ${s(row.tests).trim()} s)  ${row.file}`)
    process.stdout.write(`\nSlowest ${lines.length} of ${rows.length} test files (worker time; ${s(sum).trim()} s in all):\n${lines.join('\n')}\n`)
  }
}
