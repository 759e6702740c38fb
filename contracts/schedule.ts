/** Runs `fn` over the items, at most `limit` at a time; resolves when all are done (fn must not throw). */
export async function mapConcurrent<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      await fn(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}

/**
 * Runs the items at most `limit` at a time, in order, except that an item may start before earlier ones it
 * does not conflict with: an item starts only once every earlier item it conflicts with has finished. With
 * `limit` 1 this is the plain sequential run. Among the items ready to start, the heaviest (`weight`, e.g. the
 * requests it sends one after another) starts first, so long checks do not end the run alone. `fn` must not throw.
 */
export async function runScheduled<T>(
  items: readonly T[],
  limit: number,
  conflict: (a: T, b: T) => boolean,
  fn: (item: T, index: number) => Promise<void>,
  weight: (item: T) => number = () => 0,
): Promise<void> {
  const byWeight = items.map((_, i) => i).sort((a, b) => (limit > 1 ? weight(items[b]) - weight(items[a]) : 0) || a - b)
  const finished = new Array<boolean>(items.length).fill(false)
  const started = new Array<boolean>(items.length).fill(false)
  const running = new Map<number, Promise<number>>()
  const ready = (i: number): boolean => {
    for (let j = 0; j < i; j++) if (!finished[j] && conflict(items[j], items[i])) return false
    return true
  }
  for (;;) {
    for (const i of byWeight) {
      if (running.size >= limit) break
      if (started[i] || !ready(i)) continue
      started[i] = true
      running.set(i, fn(items[i], i).then(() => i))
    }
    if (running.size === 0) return
    const done = await Promise.race(running.values())
    running.delete(done)
    finished[done] = true
  }
}
