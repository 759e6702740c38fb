import type { BenchContext } from '../run.js'
import { runWorker } from '../lib/worker.js'
import { round } from './throughput.js'

export interface GenerationFigures {
  campaigns: number
  codesPerCampaign: number
  wallMs: number
  addedHeapMb: number
  addedRssMb: number
  /** How the worker made sure the codes really exist (not just a status derived from the clock). */
  check: string
}

/**
 * Voucher generation, each shape in a fresh process (a clean heap makes "added memory" mean something):
 * create through the API, finish the job on the clock, materialise every code, then GC and compare.
 */
export async function runGeneration(ctx: BenchContext): Promise<void> {
  const r = ctx.results
  const one = await runWorker<GenerationFigures>(ctx.root, 'generation', ['1', '1000000'], 120_000, ctx.log)
  r.codes_1m_ms = round(one.wallMs)
  r.codes_1m_added_mb = round(one.addedHeapMb)
  r.codes_1m_added_rss_mb = round(one.addedRssMb)
  ctx.log(`1M codes: ${r.codes_1m_ms} ms, +${r.codes_1m_added_mb} MB heap, +${r.codes_1m_added_rss_mb} MB RSS (${one.check})`)
  const many = await runWorker<GenerationFigures>(ctx.root, 'generation', ['100', '10000'], 120_000, ctx.log)
  r.codes_100x10k_ms = round(many.wallMs)
  r.codes_100x10k_added_mb = round(many.addedHeapMb)
  ctx.log(`100 x 10k codes: ${r.codes_100x10k_ms} ms, +${r.codes_100x10k_added_mb} MB heap (${many.check})`)
}
