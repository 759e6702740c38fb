import type { BenchContext } from '../run.js'
import { runWorker } from '../lib/worker.js'

export interface SizeFigures {
  size: number
  seedMs: number
  page1: { p50Ms: number; p99Ms: number }
  deep: { page: number; p50Ms: number; p99Ms: number }
}

/** List latency as state grows: one process, campaigns added in steps, sequential keep-alive requests. */
export async function runListBySize(ctx: BenchContext): Promise<void> {
  const samples = ctx.quick ? 100 : 500
  const figures = await runWorker<{ sizes: SizeFigures[] }>(ctx.root, 'list-by-size', ['1000,10000,100000', String(samples)], 180_000, ctx.log)
  for (const s of figures.sizes) {
    const key = String(s.size) as '1000' | '10000' | '100000'
    ctx.results.list_p50_ms_by_size[key] = s.page1.p50Ms
    ctx.results.list_deep_p50_ms_by_size[key] = s.deep.p50Ms
  }
  ctx.results.notes.push(`List latency: p50 of ${samples} sequential keep-alive requests (limit=10) per size, page 1 and page 90 (the spec caps page at 100).`)

  // The same with half the campaigns still generating (a manual clock never advanced): list work that
  // grows with the number of pending jobs shows here, not in the all-DONE series above. Not a key of
  // the issue, so --quick skips it to stay under a minute.
  if (ctx.quick) return
  const pending = await runWorker<{ sizes: SizeFigures[] }>(ctx.root, 'list-by-size', ['1000,10000', String(samples), 'generating'], 120_000, ctx.log)
  for (const s of pending.sizes) ctx.results.list_generating_p50_ms_by_size[String(s.size) as '1000' | '10000'] = s.page1.p50Ms
}
