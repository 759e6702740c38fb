/** How often a long run says what it is still doing. */
export const STILL_RUNNING_EVERY_MS = 15_000

export interface StillRunning {
  started(id: string): void
  ended(id: string): void
  /** Writes the line for the checks running longer than the interval (what the timer calls). */
  tick(): void
  stop(): void
}

/**
 * Progress between check lines (issue 25 §2, long `--generate` runs): every STILL_RUNNING_EVERY_MS, the checks
 * that have been running at least that long, with how long, e.g. `… still running: generate.listVouchers (45 s)`.
 * A check line is printed only when a check ends, and one generated check may send thousands of requests.
 */
export function stillRunning(write: (line: string) => void, options: { now?: () => number; everyMs?: number; timer?: boolean } = {}): StillRunning {
  const now = options.now ?? Date.now
  const every = options.everyMs ?? STILL_RUNNING_EVERY_MS
  const running = new Map<string, number>()
  const tick = (): void => {
    const long = [...running].filter(([, since]) => now() - since >= every)
    if (long.length) write(`  … still running: ${long.map(([id, since]) => `${id} (${Math.round((now() - since) / 1000)} s)`).join(', ')}`)
  }
  const interval = options.timer === false ? undefined : setInterval(tick, every)
  interval?.unref()
  return {
    started: (id) => void running.set(id, now()),
    ended: (id) => void running.delete(id),
    tick,
    stop: () => clearInterval(interval),
  }
}
