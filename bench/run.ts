// `npm run bench [-- --quick] [-- --only phase,phase]`: measures promokit beside a bare Express 5 ceiling
// and Prism in one run, prints a table and writes bench/results.json + bench/results.md.
import { writeFileSync } from 'node:fs'
import { cpus, loadavg, platform, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { packageRoot } from '../src/paths.js'
import { killAllNow, stopAll } from './lib/processes.js'
import { emptyResults, finalize, type BenchResults, type MachineInfo } from './lib/results.js'
import { embedInReadme } from './lib/readme.js'
import { renderMarkdown, renderTable, type RunShape } from './lib/render.js'
import { runThroughput } from './phases/throughput.js'
import { runPrism } from './phases/prism.js'
import { runGeneration } from './phases/generation.js'
import { runListBySize } from './phases/list-by-size.js'
import { runContract } from './phases/contract.js'
import { runDurability } from './phases/durability.js'
import { runRecord } from './phases/record.js'

export interface BenchContext {
  root: string
  quick: boolean
  shape: RunShape
  results: BenchResults
  log(message: string): void
}

const PHASES = {
  throughput: runThroughput,
  prism: runPrism,
  generation: runGeneration,
  'list-by-size': runListBySize,
  contract: runContract,
  durability: runDurability,
  record: runRecord,
} satisfies Record<string, (ctx: BenchContext) => Promise<void>>

type Phase = keyof typeof PHASES

async function main(argv: string[]): Promise<void> {
  const quick = argv.includes('--quick')
  const only = readOnly(argv)
  const root = packageRoot()
  const shape: RunShape = quick
    ? { connections: 50, warmupSeconds: 0.5, durationSeconds: 1 }
    : { connections: 50, warmupSeconds: 3, durationSeconds: 10 }
  const command = `npm run bench${quick ? ' -- --quick' : ''}`
  const started = performance.now()
  const ctx: BenchContext = {
    root,
    quick,
    shape,
    results: emptyResults(command, quick, machineInfo()),
    log: (message) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`),
  }

  for (const [name, phase] of Object.entries(PHASES) as [Phase, (ctx: BenchContext) => Promise<void>][]) {
    if (only && !only.includes(name)) continue
    ctx.log(`phase ${name}`)
    try {
      await phase(ctx)
    } catch (error) {
      // One broken phase must not hide the others' figures: record why and go on.
      const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error)
      ctx.results.notes.push(`Phase ${name} failed: ${message}`)
      ctx.log(`phase ${name} failed: ${message}`)
    } finally {
      await stopAll()
    }
  }

  const results = finalize(ctx.results)
  const json = join(root, 'bench', 'results.json')
  const md = join(root, 'bench', 'results.md')
  writeFileSync(json, JSON.stringify(results, null, 2) + '\n')
  const markdown = renderMarkdown(results, shape)
  writeFileSync(md, markdown)
  process.stdout.write('\n' + renderTable(results) + '\n\n')
  ctx.log(`wrote ${json} and ${md} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  // only a full run of every phase stands for the figures a reader should see
  if (!quick && !only && embedInReadme(join(root, 'README.md'), markdown)) ctx.log('refreshed the figures in README.md')
}

function readOnly(argv: string[]): Phase[] | undefined {
  const i = argv.indexOf('--only')
  if (i < 0) return undefined
  const names = (argv[i + 1] ?? '').split(',').filter(Boolean)
  const unknown = names.filter((n) => !(n in PHASES))
  if (unknown.length > 0 || names.length === 0) {
    process.stderr.write(`bench: --only takes a comma-separated list of: ${Object.keys(PHASES).join(', ')}\n`)
    process.exit(2)
  }
  return names as Phase[]
}

function machineInfo(): MachineInfo {
  const cpu = cpus()
  return {
    cores: cpu.length,
    cpu_model: cpu[0]?.model.trim() ?? 'unknown',
    total_memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${platform()} ${release()}`,
    date: new Date().toISOString(),
    load_average: loadavg().map((n) => Math.round(n * 100) / 100),
  }
}

// Child servers must never outlive the bench: on Ctrl-C, on a crash, and on any exit path.
process.on('exit', killAllNow)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopAll().finally(() => process.exit(130))
  })
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  await stopAll()
  process.exit(1)
})
