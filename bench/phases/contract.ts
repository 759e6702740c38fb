import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { BenchContext } from '../run.js'
import { startPromokit } from '../lib/servers.js'
import { round } from './throughput.js'

/**
 * A full `promokit contract` run as a CI job runs it: a fresh process that starts the mock in-process
 * and runs every check. The wall time includes Node start-up and spec loading, because users wait for those too.
 * Measured three times: one check at a time against the bare mock; with the in-process mock 50 ms away
 * (`--latency 50`) and eight checks side by side (`--concurrency 8`; issue 12), its start-up included; and, as
 * issue 25 words it, against a 50 ms latency target: a `promokit mock --latency 50` process of its own, started
 * before the clock runs, as a deployment is (≤ 3 s).
 */
export async function runContract(ctx: BenchContext): Promise<void> {
  const plain = await timedRun(ctx, [])
  ctx.results.contract_run_ms = plain.ms
  ctx.results.contract_summary = plain.summary
  ctx.log(`contract run ${plain.ms} ms: ${plain.summary}`)
  const remote = await timedRun(ctx, ['--latency', '50', '--concurrency', '8'])
  ctx.results.contract_run_latency50_concurrency8_ms = remote.ms
  ctx.log(`contract run --latency 50 --concurrency 8: ${remote.ms} ms: ${remote.summary}`)
  const target = await startPromokit(ctx.root, ['--latency', '50'])
  try {
    const against = await timedRun(ctx, ['--base-url', target.url, '--concurrency', '8'], TARGET_KEYS)
    ctx.results.contract_run_target50_concurrency8_ms = against.ms
    ctx.log(`contract run against a 50 ms target, --concurrency 8: ${against.ms} ms: ${against.summary}`)
  } finally {
    await target.stop()
  }
}

/** The development keys of the mock's first project (the same the in-process run uses), as a CI job passes them. */
const TARGET_KEYS = {
  PROMOKIT_APP_ID: 'promokit-app-id',
  PROMOKIT_APP_TOKEN: 'promokit-app-token',
  PROMOKIT_MANAGEMENT_ID: 'promokit-management-id',
  PROMOKIT_MANAGEMENT_TOKEN: 'promokit-management-token',
  PROMOKIT_CLIENT_ID: 'promokit-client-id',
  PROMOKIT_CLIENT_TOKEN: 'promokit-client-token',
  PROMOKIT_PROJECT_ID: 'proj_demo0001',
}

async function timedRun(ctx: BenchContext, flags: string[], env: Record<string, string> = {}): Promise<{ ms: number; summary: string }> {
  const started = performance.now()
  const { code, output } = await run(process.execPath, [join(ctx.root, 'bin', 'promokit.js'), 'contract', ...flags], ctx.root, 120_000, env)
  const ms = round(performance.now() - started)
  const summary = /(\d+) passed, (\d+) failed, (\d+) skipped/.exec(output)
  if (!summary) throw new Error(`promokit contract ${flags.join(' ')} exited ${code} without a summary line: ${output.slice(-500)}`)
  if (code !== 0) ctx.results.notes.push(`The contract run${flags.length ? ` with ${flags.join(' ')}` : ''} exited with code ${code} (${summary[0]}).`)
  return { ms, summary: summary[0] }
}

function run(command: string, args: string[], cwd: string, timeoutMs: number, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, output })
    })
  })
}
