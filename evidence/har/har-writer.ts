import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

const TAIL_TEXT = '\n]}}\n'
const TAIL = Buffer.from(TAIL_TEXT)

interface Batch {
  texts: string[]
  written: Promise<void>
  settle: (error?: Error) => void
}

/**
 * Streams a HAR file to disk, valid JSON after every write: the file is head + entries + tail, and each write
 * puts new entries over the tail, followed by a fresh tail, in one positional write. The entries appended
 * during one turn of the event loop (every exchange that finished in it) go out together in one synchronous
 * write right after it: under load one write per turn instead of one per exchange, and no thread-pool round
 * trip, which cost more CPU than the write itself. `append` resolves once its entry is in the file, so a caller
 * that waits for it before answering its client never shows an answer the file lacks; stopping the process
 * between two writes (Ctrl-C, a crash) leaves a complete HAR of every exchange written so far.
 */
export class HarWriter {
  readonly #fd: number
  #position: number
  #entries = 0
  #pending: Batch | undefined
  #failed: Error | undefined
  #closed = false
  #reportFailure!: (error: Error) => void
  /** Settles with the first write error (a full disk...): a recorder stops then, its file no longer grows. */
  readonly failure = new Promise<Error>((resolve) => (this.#reportFailure = resolve))

  constructor(readonly path: string, creator: { name: string; version: string }, comment?: string) {
    mkdirSync(dirname(path), { recursive: true })
    this.#fd = openSync(path, 'w')
    const head = Buffer.from(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},${comment ? `"comment":${JSON.stringify(comment)},` : ''}"entries":[`)
    writeAt(this.#fd, Buffer.concat([head, TAIL]), 0)
    this.#position = head.length
  }

  /** Entries appended: in the file, or on their way to it (unless a write failed). */
  get entries(): number {
    return this.#entries
  }

  /** Bytes of the file as written so far (the bench reports bytes per exchange). */
  get size(): number {
    return this.#position + TAIL.length
  }

  /**
   * `entry`: one entry as JSON text on one line (harEntryText). Resolves once it is in the file; rejects if the file
   * could not be written (then nothing more is).
   */
  append(entry: string): Promise<void> {
    const refused = this.#failed ?? (this.#closed ? new Error(`the HAR file ${this.path} is closed`) : undefined)
    if (refused) return Promise.reject(refused)
    const batch = (this.#pending ??= this.#nextBatch())
    batch.texts.push(this.#entries++ === 0 ? '\n' : ',\n', entry)
    return batch.written
  }

  /** Writes what is pending now, then closes the file; later appends are refused. */
  close(): void {
    if (this.#closed) return
    this.#closed = true
    this.#flush()
    closeSync(this.#fd)
  }

  #nextBatch(): Batch {
    let settle!: (error?: Error) => void
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve())
    })
    // a recorder that does not wait (the contract suite's transport) must not leave an unhandled rejection
    written.catch(() => undefined)
    setImmediate(() => this.#flush())
    return { texts: [], written, settle }
  }

  #flush(): void {
    const batch = this.#pending
    if (!batch) return
    this.#pending = undefined
    try {
      if (this.#failed) throw this.#failed
      // encoded once, tail included: the batch is most of what the recorder copies per exchange
      const bytes = Buffer.from(batch.texts.join('') + TAIL_TEXT)
      writeAt(this.#fd, bytes, this.#position)
      this.#position += bytes.length - TAIL.length
      batch.settle()
    } catch (error) {
      // a failed write may have left half an entry over the tail: nothing more goes into that file
      if (!this.#failed) this.#reportFailure((this.#failed = error as Error))
      batch.settle(this.#failed)
    }
  }
}

/** The whole buffer at `position` (a short write, rare on a regular file, is continued). */
function writeAt(fd: number, buffer: Buffer, position: number): void {
  for (let done = 0; done < buffer.length; ) done += writeSync(fd, buffer, done, buffer.length - done, position + done)
}
