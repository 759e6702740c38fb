import { readdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Logger } from 'pino'
import type { MockDeps } from '../mock-deps.js'
import { ChangeJournal, replayJournal, type JournalRecord } from './change-journal.js'
import { JournalWriter, readJournal, type FsyncPolicy } from './journal-file.js'
import { JournalClock, TapeIds } from './replay-sources.js'
import { readBackProblem } from './state-readback.js'
import { readStateText, removeStaleTemps, StateFileError, syncDirectory, writeFileAtomic } from './state-file.js'
import { applyState, assertPersistable, captureState, checkDocument, type StateDocument } from './state-snapshot.js'

export interface PersistenceOptions {
  /** `everysec` (default): the journal is fdatasynced once a second; `always`: before every answer. */
  fsync?: FsyncPolicy
  /** Past this many journal bytes the snapshot is rewritten and the journal starts over (default 64 MiB). */
  journalLimitBytes?: number
  logger?: Logger
}

export interface Recovery {
  /** Journal records replayed on top of the snapshot. */
  replayed: number
  /** Bytes of a torn last record dropped (the process died while writing it; it was never acknowledged). */
  tornBytes: number
}

export interface Persistence {
  readonly path: string
  /** Whether the state came from the file (false: the file did not exist yet). */
  readonly loaded: boolean
  readonly recovery: Recovery
  /** Rewrites the snapshot now and starts a new, empty journal. */
  compact(): Promise<void>
  /** Writes the final snapshot (so the next start replays nothing) and closes the journal. */
  close(): Promise<void>
}

/** The clock and ids a mock with a state file is built with: the journal pins the one and records the other. */
export const journalSources = (): { clock: JournalClock; ids: TapeIds } => ({ clock: new JournalClock(), ids: new TapeIds() })

export const journalPath = (path: string, generation: number): string => `${path}.journal.${generation}`

type JournaledDeps = MockDeps & { clock: JournalClock; ids: TapeIds }

/**
 * `--state-file`: the state is a snapshot (`<file>`) plus an append-only journal of every change
 * since (`<file>.journal.<n>`). Start = snapshot + journal replay. A file that cannot be used throws
 * StateFileError: it is never silently replaced.
 * The whole deps: it restores, replays and reads back through the whole mock, and installs deps.changes.
 */
export async function openPersistence(path: string, deps: MockDeps, options: PersistenceOptions = {}): Promise<Persistence> {
  if (!(deps.clock instanceof JournalClock) || !(deps.ids instanceof TapeIds)) throw new Error('a mock with a state file is built with journalSources() (its clock and ids)')
  const journaled = deps as JournaledDeps
  assertPersistable(deps)
  await removeStaleTemps(path)
  const configured = deps.projects.all().map((p) => p.id)
  const doc = await readStateText(path)
  const journals = await listJournals(path)
  let generation = -1
  if (doc === undefined) {
    if (journals.length > 0) throw new StateFileError(path, `does not exist, but its journal ${journals[0].file} does; move the journal away to start fresh`)
  } else {
    // what this version writes, from the fresh mock: the shape a file's stores are compared with
    const problem = checkDocument(doc, configured, captureState(deps))
    if (problem) throw new StateFileError(path, problem)
    try {
      applyState(deps, doc as StateDocument)
    } catch (error) {
      throw new StateFileError(path, `cannot be restored: ${(error as Error).message}`)
    }
    generation = (doc as StateDocument).journal_generation
  }
  const newer = journals.find((j) => j.generation > generation + 1)
  if (newer) throw new StateFileError(path, `has a journal ${newer.file} newer than its snapshot (generation ${generation}); it belongs to another state file`)
  const recovery: Recovery = { replayed: 0, tornBytes: 0 }
  let reopen: { generation: number; validBytes: number } | undefined
  let latest = (doc as StateDocument | undefined)?.clock.now ?? 0
  for (const g of [generation, generation + 1]) {
    const file = journalPath(path, g)
    const contents = await readJournal(file)
    if (!contents) continue
    if (contents.generation !== g && contents.generation !== -1) throw new StateFileError(file, `is the journal of generation ${contents.generation}, not ${g}`)
    const records = contents.records as JournalRecord[]
    const refused = await replayJournal(journaled, records, basename(file)).catch((error: Error) => {
      throw new StateFileError(file, error.message)
    })
    if (refused > 0) options.logger?.error({ refused, file }, `journal replay: ${refused} recorded call(s) failed; the state may differ from what was acknowledged`)
    if (contents.tornBytes > 0) options.logger?.warn({ file, bytes: contents.tornBytes }, `journal ${file}: dropped a torn last record of ${contents.tornBytes} bytes (the process stopped while writing it; it was never acknowledged)`)
    recovery.replayed += records.length
    recovery.tornBytes += contents.tornBytes
    // where the clock stood at the stop: at or after the last record (a reset may have rewound it before that)
    if (records.length > 0) latest = records[records.length - 1].t
    reopen = contents.generation === -1 ? undefined : { generation: g, validBytes: contents.validBytes }
  }
  // the mock's time never goes back, whatever the wall clock did meanwhile
  if (journaled.clock.now() < latest) journaled.clock.offset += latest - journaled.clock.now()
  // a fresh start holds the fixtures, which need no check
  const unanswerable = doc === undefined ? undefined : await readBackProblem(deps)
  if (unanswerable) throw new StateFileError(path, `restores into a state the API cannot answer with: ${unanswerable}`)
  const store = new DurableState(path, journaled, doc !== undefined, recovery, options)
  // journals a crash left mid-compaction (or none yet): a fresh snapshot settles them
  if (reopen && reopen.generation === generation && journals.every((j) => j.generation <= generation)) {
    await store.reopen(generation, reopen.validBytes)
    // journals older than the snapshot (a crash came after its rename, before their removal) are in it already
    await Promise.all(journals.filter((j) => j.generation < generation).map((j) => unlink(j.file).catch(() => undefined)))
  } else await store.startOver(Math.max(generation, ...journals.map((j) => j.generation)), journals.map((j) => j.file))
  deps.changes = new ChangeJournal(journaled, store)
  return store
}

async function listJournals(path: string): Promise<Array<{ generation: number; file: string }>> {
  const prefix = `${basename(path)}.journal.`
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)))
    .map((n) => ({ generation: Number(n.slice(prefix.length)), file: join(dirname(path), n) }))
    .sort((a, b) => a.generation - b.generation)
}

class DurableState implements Persistence {
  readonly #deps: JournaledDeps
  readonly #policy: FsyncPolicy
  readonly #limit: number
  readonly #logger: Logger | undefined
  #writer: JournalWriter | undefined
  #generation = -1
  #compacting: Promise<void> | undefined
  #failureLogged = false

  constructor(
    readonly path: string,
    deps: JournaledDeps,
    readonly loaded: boolean,
    readonly recovery: Recovery,
    options: PersistenceOptions,
  ) {
    this.#deps = deps
    this.#policy = options.fsync ?? 'everysec'
    this.#limit = options.journalLimitBytes ?? 64 * 1024 * 1024
    this.#logger = options.logger
  }

  async reopen(generation: number, validBytes: number): Promise<void> {
    this.#generation = generation
    this.#writer = await JournalWriter.reopen(journalPath(this.path, generation), validBytes, this.#policy)
  }

  /** A snapshot of the state as it stands and a new journal; `obsolete` journals are removed once the snapshot is in place. */
  async startOver(generation: number, obsolete: string[]): Promise<void> {
    this.#generation = generation
    await this.#switch(obsolete)
  }

  append(record: JournalRecord): Promise<void> {
    const writer = this.#writer
    if (!writer) return Promise.reject(new Error('the state journal is closed'))
    const written = writer.append(record)
    written.catch((error: Error) => {
      if (this.#failureLogged) return
      this.#failureLogged = true
      this.#logger?.error({ err: error, file: writer.path }, 'cannot write the state journal: changes are refused (answered 500) until the mock is restarted')
    })
    if (writer.bytes > this.#limit && !this.#compacting) {
      void this.compact().catch((error: Error) => this.#logger?.error({ err: error }, 'state snapshot failed; the journal keeps growing'))
    }
    return written
  }

  compact(): Promise<void> {
    this.#compacting ??= this.#switch(this.#writer ? [this.#writer.path] : []).finally(() => (this.#compacting = undefined))
    return this.#compacting
  }

  async close(): Promise<void> {
    await this.#compacting?.catch(() => undefined)
    await this.compact()
    await this.#writer?.close()
    this.#writer = undefined
  }

  /**
   * The next generation: its journal is created first, then, in one synchronous moment, the state is
   * captured and new records go to the new journal; the snapshot is written atomically; only then are
   * the older journals removed. A crash at any step leaves a snapshot and the journals that follow it.
   */
  async #switch(obsolete: string[]): Promise<void> {
    const next = this.#generation + 1
    const writer = await JournalWriter.create(journalPath(this.path, next), next, this.#policy)
    await syncDirectory(dirname(this.path))
    const text = JSON.stringify(captureState(this.#deps, next))
    const old = this.#writer
    this.#writer = writer
    this.#generation = next
    await old?.close()
    await writeFileAtomic(this.path, text)
    await Promise.all(obsolete.filter((file) => file !== writer.path).map((file) => unlink(file).catch(() => undefined)))
  }
}
