interface Batch<T> {
  items: T[]
  done: Promise<void>
  settle: (error?: Error) => void
}

/**
 * Group commit for an append-only file: the items added while a write is in progress go out together in the
 * next write, so under concurrency there are far fewer writes than items, and never two at once. `add`
 * resolves once the write carrying its item is done. A failed write may have left half of it in the file, so
 * nothing more is written after one: that batch and every later `add` reject with its error.
 */
export class GroupCommit<T> {
  #queued: Batch<T> | undefined
  #writing: Promise<void> | undefined
  #failed: Error | undefined

  /** `write` gets the items of one batch, in the order they were added. */
  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly onFailure: (error: Error) => void = () => undefined,
  ) {}

  /** The error of the write that failed, if one did. */
  get failed(): Error | undefined {
    return this.#failed
  }

  add(item: T): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed)
    const batch = (this.#queued ??= newBatch())
    batch.items.push(item)
    this.#writing ??= this.#drain()
    return batch.done
  }

  /** Resolves once every item added so far is written (or refused). */
  async idle(): Promise<void> {
    await this.#writing
  }

  async #drain(): Promise<void> {
    while (this.#queued) {
      const batch = this.#queued
      this.#queued = undefined
      try {
        if (this.#failed) throw this.#failed
        await this.write(batch.items)
        batch.settle()
      } catch (error) {
        if (!this.#failed) this.onFailure((this.#failed = error as Error))
        batch.settle(this.#failed)
      }
    }
    this.#writing = undefined
  }
}

function newBatch<T>(): Batch<T> {
  let settle!: (error?: Error) => void
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve())
  })
  // an item nobody waits for (a read that generated codes and was answered anyway, a recorder that does not
  // wait) must not be an unhandled rejection
  done.catch(() => undefined)
  return { items: [], done, settle }
}
