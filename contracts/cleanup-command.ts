import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { Cleanup } from './cleanup.js'
import { HttpClient, type Credentials } from './http-client.js'

/** A run prefix as the suite names what it creates (`pk-<run id>-`), or `pk-` for every run's leftovers. */
const RUN_PREFIX = /^pk-[a-z0-9]*-?$/

export interface CleanupRun {
  baseUrl: string
  credentials: Credentials
  isMock: boolean
  prefix: string
  timeoutMs: number
  pollTimeoutMs: number
  maxRequests: number
  /** Requests already sent to the target while preparing it (they count against maxRequests). */
  sentBefore: number
  deadlineAt?: number
  wait(ms: number): Promise<void>
}

export function checkRunPrefix(prefix: string | undefined): string {
  if (prefix === undefined) throw new CliError(USAGE_ERROR, '--cleanup needs --run-prefix <p> (printed by every run: pk-<run id>-; pk- for all runs)')
  if (!RUN_PREFIX.test(prefix)) throw new CliError(USAGE_ERROR, `--run-prefix must be a run prefix the suite uses (pk-<run id>- or pk-), got "${prefix}": nothing else is ever deleted`)
  return prefix
}

/**
 * `promokit contract --cleanup --run-prefix <p>`: deletes the campaigns earlier runs left on the target (those
 * whose name starts with the prefix, as the run's own cleanup does), with the same polling, deadline and
 * progress; exits 1 when some are still there. Other leftovers (categories, exports) the API cannot delete.
 */
export async function removeLeftovers(run: CleanupRun, out: { write(text: string): unknown }): Promise<void> {
  const budget = run.maxRequests - run.sentBefore
  const client = new HttpClient({ baseUrl: run.baseUrl, credentials: run.credentials, timeoutMs: run.timeoutMs, budget, purpose: 'cleanup' })
  const cleanup = new Cleanup({
    client: () => client, wait: run.wait, pollTimeoutMs: run.pollTimeoutMs, concurrency: 8, deadlineAt: run.deadlineAt,
    progress: (line) => out.write(`${line}\n`),
  })
  try {
    const found = await cleanup.sweep(run.prefix)
    out.write(`${found} campaign(s) named ${run.prefix}… on ${run.baseUrl}${found >= 100 ? ' (the first 100: run --cleanup again for more)' : ''}\n`)
    const outcome = await cleanup.runAll()
    out.write(`Cleanup: ${outcome.deleted.length} deleted${outcome.failed.length ? `, ${outcome.failed.length} FAILED:` : ''}\n`)
    for (const f of outcome.failed) out.write(`  - ${f}\n`)
    if (outcome.failed.length) throw new CliError(1, `${outcome.failed.length} campaign(s) named ${run.prefix}… are still there`)
  } finally {
    client.close()
  }
}
