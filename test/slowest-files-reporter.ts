import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

const SHOWN = 12

/**
 * Lists the slowest test files at the end of a run, so a file that grows slow shows in every CI log.
 * A file's time is what its worker spent on it: importing it (and what it imports), setup, then its tests
 * and hooks. On a shared machine compare files with each other (the share column), not absolute seconds;
 * the CPU column (test/cpu-time.ts: the worker's and its child processes') barely moves with the machine's load.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const d = module.diagnostic()
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration
      const cpu = module.meta().cpuSeconds
      return { file: relative(process.cwd(), module.moduleId), load, tests: d.duration, total: load + d.duration, cpu }
    })
    if (rows.length < 2) return
    const sum = rows.reduce((acc, row) => acc + row.total, 0)
    const cpuSum = rows.reduce((acc, row) => acc + (row.cpu ?? 0), 0)
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6)
    const cpu = (seconds: number | undefined) => (seconds === undefined ? '' : `${seconds.toFixed(1).padStart(5)} CPU s  `)
    const lines = rows
      .sort((a, b) => b.total - a.total)
      .slice(0, SHOWN)
      .map((row) => `${s(row.total)} s ${((row.total / sum) * 100).toFixed(1).padStart(5)} %  ${cpu(row.cpu)}(import ${s(row.load).trim()} s, tests ${s(row.tests).trim()} s)  ${row.file}`)
    const cpuNote = cpuSum > 0 ? `, ${cpuSum.toFixed(1)} CPU s` : ''
    process.stdout.write(`\nSlowest ${lines.length} of ${rows.length} test files (worker time; ${s(sum).trim()} s in all${cpuNote}):\n${lines.join('\n')}\n`)
  }
}
