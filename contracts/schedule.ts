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

export interface ScheduleOptions<T> {
  /** Whether two items may not run at the same time; the later one (in order) waits for the earlier. */
  conflict(a: T, b: T): boolean
  /** How long an item keeps its slot, in any unit (e.g. the requests it sends one after another). */
  weight?(item: T): number
  /**
   * Something an item waits for before it can do anything (e.g. discovery of the ids it needs): while it is
   * pending the item does not take a slot, so items that need nothing run meanwhile. Undefined: none.
   */
  gate?(item: T): Promise<unknown> | undefined
}

/**
 * Runs the items at most `limit` at a time, in order, except that an item may start before earlier ones it
 * does not conflict with: an item starts only once every earlier item it conflicts with has finished. With
 * `limit` 1 this is the plain sequential run. Among the items ready to start, the one heading the longest
 * chain of waiting items starts first (its weight plus that of the heaviest chain of later items that
 * conflict with it): a light check that many heavy ones wait for goes before a heavy one nothing waits for,
 * so the run does not end with long checks alone. `fn` must not throw.
 */
export async function runScheduled<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>, options: ScheduleOptions<T>): Promise<void> {
  const { weight = () => 0 } = options
  const gate = limit > 1 ? options.gate : undefined
  // blockers[i]: the earlier items item i waits for (asked once per pair).
  const blockers = items.map((item, i) => {
    const earlier: number[] = []
    for (let j = 0; j < i; j++) if (options.conflict(items[j], item)) earlier.push(j)
    return earlier
  })
  const own = items.map((item) => weight(item))
  const chain = [...own]
  for (let i = items.length - 1; i >= 0; i--) for (const j of blockers[i]) chain[j] = Math.max(chain[j], own[j] + chain[i])
  const order = items.map((_, i) => i).sort((a, b) => (limit > 1 ? chain[b] - chain[a] : 0) || a - b)
  // How many of its blockers each item still waits for, and whom each item blocks: readiness is a counter,
  // not a scan of every blocker at every start (a run's 200 checks, scanned at each of 200 ends).
  const unfinished = blockers.map((earlier) => earlier.length)
  const blocks = items.map((): number[] => [])
  blockers.forEach((earlier, i) => earlier.forEach((j) => blocks[j].push(i)))
  const started = new Array<boolean>(items.length).fill(false)
  const running = new Map<number, Promise<number>>()
  const opened = new WeakSet<Promise<unknown>>()
  const waiting = new Map<Promise<unknown>, Promise<number>>()
  const gateOf = (i: number): Promise<unknown> | undefined => {
    const pending = gate?.(items[i])
    if (!pending || opened.has(pending)) return undefined
    if (!waiting.has(pending)) waiting.set(pending, pending.then(() => -1, () => -1).finally(() => void opened.add(pending)))
    return pending
  }
  const ready = (i: number): boolean => unfinished[i] === 0 && gateOf(i) === undefined
  for (;;) {
    for (const i of order) {
      if (running.size >= limit) break
      if (started[i] || !ready(i)) continue
      started[i] = true
      running.set(i, fn(items[i], i).then(() => i))
    }
    if (running.size === 0 && waiting.size === 0) return
    const done = await Promise.race([...running.values(), ...waiting.values()])
    if (done < 0) {
      for (const [pending] of waiting) if (opened.has(pending)) waiting.delete(pending)
      continue
    }
    running.delete(done)
    for (const i of blocks[done]) unfinished[i]--
  }
}
