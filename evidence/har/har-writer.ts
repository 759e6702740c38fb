import { closeSync, mkdirSync, openSync, write, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { GroupCommit } from '../../src/group-commit.js'
import type { HarEntry } from './har-types.js'

const TAIL = Buffer.from('\n]}}\n')

/**
 * Streams a HAR file to disk, valid JSON after every write: the file is head + entries + tail, and each write
 * puts the entries queued since the last one over the tail, followed by a fresh tail, in one positional write
 * (group commit: under load one write carries the entries of every exchange that finished meanwhile, instead of
 * one synchronous write per exchange). `append` resolves once its entry is in the file, so a caller that waits
 * for it before answering its client never shows an answer the file lacks; stopping the process between two
 * writes (Ctrl-C, a crash) leaves a complete HAR of every exchange written so far.
 */
export class HarWriter {
  readonly #fd: number
  #position: number
  #entries = 0
  #closed = false
  readonly #commit: GroupCommit<string>
  /** Settles with the first write error (a full disk...): a recorder stops then, its file no longer grows. */
  readonly failure: Promise<Error>

  constructor(readonly path: string, creator: { name: string; version: string }, comment?: string) {
    mkdirSync(dirname(path), { recursive: true })
    this.#fd = openSync(path, 'w')
    const head = Buffer.from(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},${comment ? `"comment":${JSON.stringify(comment)},` : ''}"entries":[`)
    writeSync(this.#fd, Buffer.concat([head, TAIL]), 0, head.length + TAIL.length, 0)
    this.#position = head.length
    let reportFailure!: (error: Error) => void
    this.failure = new Promise((resolve) => (reportFailure = resolve))
    this.#commit = new GroupCommit((texts) => this.#write(texts), reportFailure)
  }

  /** Entries appended: in the file, or on their way to it (unless a write failed). */
  get entries(): number {
    return this.#entries
  }

  /** Bytes of the file as written so far (the bench reports bytes per exchange). */
  get size(): number {
    return this.#position + TAIL.length
  }

  /** Resolves once the entry is in the file; rejects if the file could not be written (then nothing more is). */
  append(entry: HarEntry): Promise<void> {
    const refused = this.#commit.failed ?? (this.#closed ? new Error(`the HAR file ${this.path} is closed`) : undefined)
    if (refused) return Promise.reject(refused)
    return this.#commit.add(`${this.#entries++ === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`)
  }

  async #write(texts: string[]): Promise<void> {
    const text = Buffer.from(texts.join(''))
    await writeAt(this.#fd, Buffer.concat([text, TAIL]), this.#position)
    this.#position += text.length
  }

  /** Waits for the queued entries to be written, then closes the file; later appends are refused. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#commit.idle()
    closeSync(this.#fd)
  }
}

/** One positional write of the whole buffer (a short write, rare on a regular file, is continued). */
function writeAt(fd: number, buffer: Buffer, position: number): Promise<void> {
  return new Promise((resolve, reject) => {
    write(fd, buffer, 0, buffer.length, position, (error, written) => {
      if (error) reject(error)
      else if (written < buffer.length) writeAt(fd, buffer.subarray(written), position + written).then(resolve, reject)
      else resolve()
    })
  })
}
