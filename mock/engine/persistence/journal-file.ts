import { open, readFile, truncate, type FileHandle } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { StateFileError } from './state-file.js'

/**
 * The append-only journal next to the state file: one record per line, `<crc32 hex> <JSON>\n`, after
 * a header line naming the snapshot generation it follows. A record whose line is cut short (the
 * process died inside a write) is detected by the missing newline or its checksum.
 */
export const JOURNAL_FORMAT = 'promokit-journal'

export type FsyncPolicy = 'always' | 'everysec'
export const FSYNC_POLICIES: readonly FsyncPolicy[] = ['always', 'everysec']

export const journalLine = (record: unknown): string => {
  const json = JSON.stringify(record)
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`
}

export interface JournalContents {
  generation: number
  records: unknown[]
  /** Bytes of a torn last record (dropped), 0 when the journal ends cleanly. */
  tornBytes: number
  /** Where the complete records end (the file is cut back to here before appending). */
  validBytes: number
}

/** Reads a journal; a damaged record before the last one means the journal cannot be trusted (StateFileError). */
export async function readJournal(path: string): Promise<JournalContents | undefined> {
  let buffer: Buffer
  try {
    buffer = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  const lines: Array<{ start: number; end: number }> = []
  let start = 0
  for (let nl = buffer.indexOf(10, start); nl !== -1; nl = buffer.indexOf(10, start)) {
    lines.push({ start, end: nl })
    start = nl + 1
  }
  let tornBytes = buffer.length - start
  const parsed: unknown[] = []
  for (const [i, line] of lines.entries()) {
    const record = parseLine(buffer.subarray(line.start, line.end))
    if (record !== undefined) {
      parsed.push(record)
      continue
    }
    // only the last complete-looking line may be damaged: the tail of a write the process died in
    if (i === lines.length - 1 && i > 0) {
      tornBytes += line.end + 1 - line.start
      break
    }
    throw new StateFileError(path, `record ${i} (bytes ${line.start}–${line.end}) is damaged (checksum or JSON); the journal cannot be replayed past it. Move it away to start from the snapshot alone`)
  }
  const [header, ...records] = parsed as [{ format?: unknown; generation?: unknown } | undefined, ...unknown[]]
  if (header === undefined) {
    if (buffer.length === 0 || tornBytes === buffer.length) return { generation: -1, records: [], tornBytes, validBytes: 0 }
  }
  if (!header || header.format !== JOURNAL_FORMAT || !Number.isSafeInteger(header.generation)) {
    throw new StateFileError(path, `is not a promokit journal (its first line is not a ${JOURNAL_FORMAT} header)`)
  }
  return { generation: header.generation as number, records, tornBytes, validBytes: buffer.length - tornBytes }
}

function parseLine(line: Buffer): unknown {
  if (line.length < 10 || line[8] !== 0x20) return undefined
  const json = line.subarray(9)
  if (crc32(json).toString(16).padStart(8, '0') !== line.subarray(0, 8).toString('latin1')) return undefined
  try {
    return JSON.parse(json.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}

interface Batch {
  lines: string[]
  done: Promise<void>
  resolve: () => void
  reject: (error: Error) => void
}

function newBatch(): Batch {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const done = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  // a batch nobody waits for (a read that generated codes and was answered anyway) must not be an unhandled rejection
  done.catch(() => undefined)
  return { lines: [], done, resolve, reject }
}

/**
 * Appends records with group commit: the records of every request that finished while the previous
 * write was in progress go out in one write (and, with `always`, one fdatasync). A record's promise
 * resolves once the OS has it (`everysec`: synced within a second) or once it is on disk (`always`).
 */
export class JournalWriter {
  readonly #handle: FileHandle
  readonly #policy: FsyncPolicy
  #queued: Batch | undefined
  #writing: Promise<void> | undefined
  #unsynced = false
  #failed: Error | undefined
  #timer: NodeJS.Timeout | undefined
  #bytes: number
  /** Writes and fdatasyncs issued so far (group commit: far fewer than records under concurrency). */
  readonly stats = { records: 0, writes: 0, syncs: 0 }

  private constructor(readonly path: string, handle: FileHandle, bytes: number, policy: FsyncPolicy) {
    this.#handle = handle
    this.#bytes = bytes
    this.#policy = policy
    if (policy === 'everysec') {
      this.#timer = setInterval(() => void this.sync().catch(() => undefined), 1_000)
      this.#timer.unref()
    }
  }

  /** A new journal (replacing any file of that name) that starts with its header. */
  static async create(path: string, generation: number, policy: FsyncPolicy): Promise<JournalWriter> {
    // append mode: every write goes to the end, whatever else moved the position
    const handle = await open(path, 'a', 0o600)
    await handle.truncate(0)
    const header = journalLine({ format: JOURNAL_FORMAT, generation })
    await handle.write(header)
    await handle.sync()
    return new JournalWriter(path, handle, Buffer.byteLength(header), policy)
  }

  /** An existing journal, cut back to its last complete record. */
  static async reopen(path: string, validBytes: number, policy: FsyncPolicy): Promise<JournalWriter> {
    await truncate(path, validBytes)
    const handle = await open(path, 'a')
    await handle.sync()
    return new JournalWriter(path, handle, validBytes, policy)
  }

  /** Bytes in the file, written or queued. */
  get bytes(): number {
    return this.#bytes
  }

  append(record: unknown): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed)
    const line = journalLine(record)
    this.#bytes += Buffer.byteLength(line)
    const batch = (this.#queued ??= newBatch())
    batch.lines.push(line)
    this.stats.records++
    this.#writing ??= this.#drain()
    return batch.done
  }

  async #drain(): Promise<void> {
    while (this.#queued) {
      const batch = this.#queued
      this.#queued = undefined
      try {
        if (this.#failed) throw this.#failed
        await this.#handle.write(batch.lines.join(''))
        this.stats.writes++
        if (this.#policy === 'always') {
          await this.#handle.datasync()
          this.stats.syncs++
        } else this.#unsynced = true
        batch.resolve()
      } catch (error) {
        // a journal with a failed write may hold half a record: nothing more is acknowledged through it
        this.#failed ??= error as Error
        batch.reject(this.#failed)
      }
    }
    this.#writing = undefined
  }

  /**
   * fdatasyncs what was written since the last sync. It does not wait for the writes in progress: under
   * steady load they never stop, and the once-a-second promise must still hold.
   */
  async sync(): Promise<void> {
    if (!this.#unsynced || this.#failed) return
    this.#unsynced = false
    await this.#handle.datasync()
    this.stats.syncs++
  }

  async close(): Promise<void> {
    clearInterval(this.#timer)
    try {
      await this.#writing
      await this.sync()
    } finally {
      await this.#handle.close()
    }
  }
}
