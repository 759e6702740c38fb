import { codeOrdering } from './code-order.js'
import { Job, finishNow, type RunJob } from './list-work.js'
import type { VoucherBatches } from './voucher-batches.js'
import type { ListingSource } from './voucher-listing.js'
import { scanStillHolds, type Scan } from './voucher-selection.js'
import type { Batch } from './voucher-types.js'

/**
 * What one list reads of the store, with its long work (codes made, sorted, scanned) run by `run`: at
 * once, or only when done (list-work's settle, which does it in `step`-sized steps between attempts).
 * `scans` keeps this list's scans across its attempts; `now` is the request's, the same in every attempt.
 */
export function listingSource(batches: VoucherBatches, run: RunJob, scans: Map<Batch, Job<Scan>>, now: number, step: number): ListingSource {
  const stepOf = run === finishNow ? Infinity : step
  return {
    batches: batches.all,
    visible: (b) => batches.visible(b),
    generate: generateWith(batches, run, stepOf),
    codeOrder: (codes) => run(codeOrdering(codes, stepOf)),
    scan: (batch, steps) => {
      let job = scans.get(batch)
      // the campaign changed since: its vouchers read differently
      if (job?.done && !scanStillHolds(job.finish(), batch)) job = undefined
      if (!job) scans.set(batch, (job = new Job(steps(stepOf))))
      return run(job)
    },
    now,
  }
}

/** Makes a batch's codes through `run` (in steps of `step` when the caller waits: list-work). */
export function generateWith(batches: VoucherBatches, run: RunJob, step: number): (batch: Batch) => void {
  return (batch) => {
    // a generation under way for another campaign is finished first (ClaimedCodes)
    while (batch.codes === null) run(batches.generation(batch, step))
  }
}
