import { readFileSync } from 'node:fs'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'

/**
 * `promokit contract --rerun-failed report.json`: the ids of the checks that failed in a JSON report
 * (`--reporter json`). A file that is not such a report is a usage error (exit 2), never an empty run.
 */
export function failedCheckIds(path: string): Set<string> {
  let report: any
  try {
    report = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new CliError(USAGE_ERROR, `--rerun-failed ${path}: ${code === 'ENOENT' ? 'no such file (write one with --reporter json)' : (error as Error).message}`)
  }
  if (report?.format !== 'promokit-contract-report' || !Array.isArray(report.results)) {
    throw new CliError(USAGE_ERROR, `--rerun-failed ${path}: not a promokit JSON report (format promokit-contract-report, from --reporter json)`)
  }
  return new Set(report.results.filter((r: any) => r?.status === 'failed' && typeof r.id === 'string').map((r: any) => r.id as string))
}

/** The checks to run again; none failed → a usage error saying so (a rerun of nothing would pass silently). */
export function onlyFailed<T extends { id: string }>(checks: readonly T[], path: string): T[] {
  const failed = failedCheckIds(path)
  if (failed.size === 0) throw new CliError(USAGE_ERROR, `--rerun-failed ${path}: no check failed in that report; nothing to run again`)
  const known = checks.filter((check) => failed.has(check.id))
  if (known.length === 0) throw new CliError(USAGE_ERROR, `--rerun-failed ${path}: none of its failed checks (${[...failed].join(', ')}) exists in this version of the suite`)
  return known
}
