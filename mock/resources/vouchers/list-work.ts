/**
 * Long voucher work (generating a campaign's codes, sorting them, scanning them for a filter) cut into
 * steps, so that a list request lets other requests in between: the event loop is single, and one
 * first `order=code` over ten campaigns of a million codes held every other client for seconds. Each
 * piece of work is a generator that yields after every `pace.step` units (codes, vouchers); a Job keeps
 * its result once done, so whoever needs it next (another list, a lookup) finds it ready.
 */
export interface Pace {
  /** Units of work (codes, vouchers) between two yields of a job. */
  step: number
  /** How long a list works before it lets other requests in. */
  sliceMs: number
  /** Lets other requests in; resolves when the list may go on. */
  pause: () => Promise<void>
}

/**
 * The next turn of the event loop, after pending I/O: setImmediate where there is one (Node), else a
 * 0 ms timer (browsers, the MSW entry).
 */
export function nextTurn(): Promise<void> {
  // read off globalThis when called: feature detection a browser bundle can carry (no Node global to define)
  const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate
  return new Promise((resolve) => {
    if (typeof immediate === 'function') immediate(resolve)
    else setTimeout(resolve, 0)
  })
}

// 2,048 codes or vouchers take 1-10 ms (a claim or a filter per unit), so the clock is read rarely; 20 ms slices keep a waiting client's delay
// well under the 100 ms a person notices, and the list itself barely slower (one turn of the loop per slice)
export const DEFAULT_PACE: Pace = { step: 2048, sliceMs: 20, pause: nextTurn }

export class Job<T> {
  #steps: Iterator<unknown, T> | undefined
  #result: T | undefined

  constructor(steps: Iterator<unknown, T>) {
    this.#steps = steps
  }

  get done(): boolean {
    return this.#steps === undefined
  }

  /** One step of the work; true once it is all done. */
  step(): boolean {
    const steps = this.#steps
    if (steps) {
      const next = steps.next()
      if (next.done) {
        this.#result = next.value
        this.#steps = undefined
      }
    }
    return this.#steps === undefined
  }

  /** Drops what is left (its subject is gone); whoever waits on it sees it done. */
  cancel(): void {
    this.#steps?.return?.(undefined as T)
    this.#steps = undefined
  }

  /** What is left, at once (a caller that cannot wait: a lookup by code, the console). */
  finish(): T {
    while (!this.step());
    return this.#result as T
  }
}

/** How a listing gets a job's result: at once (`finishNow`), or only when it is already done (`onlyIfDone`). */
export type RunJob = <T>(job: Job<T>) => T

export const finishNow: RunJob = (job) => job.finish()

/** Thrown by `onlyIfDone` for a job not done yet: the list asks for it (see `settle`). */
class PendingWork extends Error {
  constructor(readonly job: Job<unknown>) {
    super('list work pending')
  }
}

const onlyIfDone: RunJob = (job) => {
  if (job.done) return job.finish()
  throw new PendingWork(job)
}

/**
 * `attempt` with its long work done in slices: whenever it needs a job that is not done, the job runs in
 * slices of `pace.sliceMs` with other requests let in between, and `attempt` starts again (its cheap
 * part again; the job's result now kept). The answer is one attempt's, computed in one go, so what other
 * requests changed meanwhile is in it, consistently. With nothing to wait for the answer comes at once,
 * without a promise (most lists: a promise costs every request a turn of the loop).
 */
export function settle<T>(attempt: (run: RunJob) => T, pace: Pace): T | Promise<T> {
  try {
    return attempt(onlyIfDone)
  } catch (error) {
    if (!(error instanceof PendingWork)) throw error
    return settleLater(attempt, pace, error.job)
  }
}

async function settleLater<T>(attempt: (run: RunJob) => T, pace: Pace, first: Job<unknown>): Promise<T> {
  let job = first
  let until = performance.now() + pace.sliceMs
  for (;;) {
    // the clock is read after every step, the last one too: a list of many short jobs (a prefix looked up in
    // ten campaigns) is cut into slices as well
    for (let done = false; !done;) {
      done = job.step()
      if (performance.now() < until) continue
      await pace.pause()
      until = performance.now() + pace.sliceMs
    }
    try {
      return attempt(onlyIfDone)
    } catch (error) {
      if (!(error instanceof PendingWork)) throw error
      job = error.job
    }
  }
}
