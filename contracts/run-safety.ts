import { InvalidArgumentError } from 'commander'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import type { RunReport } from './types.js'

/**
 * The exit code of a finished run, as a QA lead reads a gate: interrupted → 130 (SIGINT) or 143 (SIGTERM);
 * a failure → 1; a run in which no check ran, or fewer than `--min-checks`, is never green → 2.
 */
export function throwUnlessGreen(report: RunReport, options: { minChecks?: number } = {}): void {
  if (report.interrupted?.startsWith('interrupted')) throw new CliError(report.interrupted.includes('SIGTERM') ? 143 : 130, report.interrupted)
  if (report.summary.failed > 0) throw new CliError(1, `${report.summary.failed} check(s) failed`)
  const ran = report.summary.passed + (report.summary.known ?? 0)
  if (ran === 0) throw new CliError(USAGE_ERROR, `no check ran (${report.summary.skipped} skipped${whySkipped(report)}): a run that tests nothing is not a pass`)
  if (options.minChecks !== undefined && ran < options.minChecks) {
    throw new CliError(USAGE_ERROR, `only ${ran} check(s) ran, fewer than --min-checks ${options.minChecks} (${report.summary.skipped} skipped${whySkipped(report)})`)
  }
}

/** The most common skip reasons, so the one line says what to change. */
function whySkipped(report: RunReport): string {
  const counts = new Map<string, number>()
  for (const r of report.results) {
    if (r.status !== 'skipped') continue
    const reason = r.notRun === 'budget' ? 'the request limit (--max-requests) ran out' : r.notRun === 'left-out' ? 'left out by --budget' : r.notRun === 'rate-limited' ? 'rate-limited' : (r.reason ?? 'skipped')
    counts.set(reason, (counts.get(reason) ?? 0) + 1)
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 2)
  return top.length ? `: ${top.map(([reason, n]) => `${n} because ${reason}`).join('; ')}` : ''
}

export type StopSignal = 'SIGINT' | 'SIGTERM'

/**
 * SIGINT and SIGTERM both stop a run the same way: the current checks finish, the cleanup runs and the report
 * is written (CI runners and `timeout` send SIGTERM). A second signal exits at once. Returns the undo.
 */
export function onStopSignals(stop: (signal: StopSignal) => void, proc: NodeJS.Process = process): () => void {
  const handlers = new Map<StopSignal, () => void>()
  const forceExit = { SIGINT: () => proc.exit(130), SIGTERM: () => proc.exit(143) }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const handler = (): void => {
      for (const [other, h] of handlers) {
        proc.off(other, h)
        proc.once(other, forceExit[other])
      }
      stop(signal)
    }
    handlers.set(signal, handler)
    proc.once(signal, handler)
  }
  return () => {
    for (const [signal, handler] of handlers) proc.off(signal, handler)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) proc.off(signal, forceExit[signal])
  }
}

/** `--deadline`: `90s`, `15m`, `1h`, or milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim())
  if (!match || Number(match[1]) === 0) throw new InvalidArgumentError(`expected a duration such as 90s, 15m or 1h, got "${text}"`)
  return Number(match[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h' ?? 'ms']
}

/** Calls `write` at most every `everyMs` (and always when `force`): reports rewritten as a run goes, not after every check. */
export function throttled<T>(write: (value: T) => void, everyMs: number, now: () => number = Date.now): (value: T, force?: boolean) => void {
  let last = -Infinity
  return (value, force = false) => {
    if (!force && now() - last < everyMs) return
    last = now()
    write(value)
  }
}
