import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { HarEntry } from './har-types.js'

/**
 * Streams a HAR file to disk, valid JSON after every entry: the file is written as head + entries + tail,
 * and each new entry is written over the tail together with a fresh tail, in one write. Stopping the
 * process between two entries (Ctrl-C, a crash) leaves a complete HAR of every exchange so far.
 */
export class HarWriter {
  readonly #fd: number
  readonly #tail = '\n]}}\n'
  #position: number
  #entries = 0
  #closed = false

  constructor(readonly path: string, creator: { name: string; version: string }, comment?: string) {
    mkdirSync(dirname(path), { recursive: true })
    this.#fd = openSync(path, 'w')
    const head = `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},${comment ? `"comment":${JSON.stringify(comment)},` : ''}"entries":[`
    writeSync(this.#fd, head + this.#tail, 0)
    this.#position = Buffer.byteLength(head)
  }

  get entries(): number {
    return this.#entries
  }

  /** Bytes of the file so far (the bench reports bytes per exchange). */
  get size(): number {
    return this.#position + Buffer.byteLength(this.#tail)
  }

  append(entry: HarEntry): void {
    if (this.#closed) return
    const text = `${this.#entries === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`
    writeSync(this.#fd, text + this.#tail, this.#position)
    this.#position += Buffer.byteLength(text)
    this.#entries++
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    closeSync(this.#fd)
  }
}
