import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { BenchContext } from '../run.js'
import { round } from './throughput.js'

/**
 * A full `promokit contract` run as a CI job runs it: a fresh process that starts the mock in-process
 * and runs every check. The wall time includes Node start-up and spec loading, because users wait for those too.
 */
export async function runContract(ctx: BenchContext): Promise<void> {
  const started = performance.now()
  const { code, output } = await run(process.execPath, [join(ctx.root, 'bin', 'promokit.js'), 'contract'], ctx.root, 120_000)
  const ms = performance.now() - started
  const summary = /(\d+) passed, (\d+) failed, (\d+) skipped/.exec(output)
  if (!summary) throw new Error(`promokit contract exited ${code} without a summary line: ${output.slice(-500)}`)
  ctx.results.contract_run_ms = round(ms)
  ctx.results.contract_summary = summary[0]
  if (code !== 0) ctx.results.notes.push(`The contract run exited with code ${code} (${summary[0]}).`)
  ctx.log(`contract run ${round(ms)} ms: ${summary[0]}`)
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
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
