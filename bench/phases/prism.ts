import type { BenchContext } from '../run.js'
import { CALLS, createCall, listCall, missListCall, validationCall } from '../lib/calls.js'
import { measureLoad } from '../lib/load.js'
import { sampleStartup } from '../lib/processes.js'
import { startPrism } from '../lib/servers.js'
import { toRow } from './throughput.js'

/** What a user would run instead: Prism's mock on our own spec (perf-baseline.md). */
export async function runPrism(ctx: BenchContext): Promise<void> {
  const r = ctx.results
  const startup = await sampleStartup(() => startPrism(ctx.root), ctx.quick ? 1 : 3)
  const prism = startup.server
  r.prism_startup_ms = startup.medianMs
  r.prism_startup_ms_samples = startup.samplesMs
  r.prism_idle_rss_mb = startup.idleRssMb
  ctx.log(`prism started in ${r.prism_startup_ms} ms, RSS ${r.prism_idle_rss_mb} MB`)

  const shape = { ...ctx.shape, serverPid: prism.child.pid }
  ctx.log('measuring prism list')
  const list = toRow(CALLS.list10k, 'prism', await measureLoad(prism.url, listCall(), shape))
  // Prism is stateless: its list answer is the same example however many campaigns were "created".
  r.throughput.push({ ...list, call: CALLS.list0, note: joinNotes('stateless: one measurement, shown for both list rows', list.note) })
  r.throughput.push(list)
  r.prism_list_rps = list.rps

  ctx.log('measuring prism list over 600 distinct queries')
  const miss = toRow(CALLS.listMiss, 'prism', await measureLoad(prism.url, missListCall(), shape))
  r.throughput.push(miss)
  r.prism_list_miss_rps = miss.rps

  ctx.log('measuring prism create')
  const create = toRow(CALLS.create, 'prism', await measureLoad(prism.url, createCall(`bench-prism-${Date.now()}`), shape))
  r.throughput.push(create)
  r.prism_create_rps = create.rps

  ctx.log('measuring prism validation')
  r.throughput.push(toRow(CALLS.validation, 'prism', await measureLoad(prism.url, validationCall('promo_bench0001'), shape)))
  await prism.stop()
}

function joinNotes(...notes: (string | undefined)[]): string {
  return notes.filter(Boolean).join('; ')
}
