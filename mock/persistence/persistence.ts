import type { Server } from 'node:http'
import type { Logger } from 'pino'
import type { MockDeps } from '../deps.js'
import { readStateText, removeStaleTemps, StateFileError, writeFileAtomic } from './state-file.js'
import { applyState, assertPersistable, captureState, checkDocument, type StateDocument } from './state-snapshot.js'

export interface PersistenceOptions {
  /** A full save at least this often while something changed (ms). */
  intervalMs?: number
  /** Quiet time after a change before saving (ms); grows with the cost of a save. */
  debounceMs?: number
  logger?: Logger
}

export interface Persistence {
  readonly path: string
  /** Whether the state came from the file (false: the file did not exist yet). */
  readonly loaded: boolean
  /** Saves after successful changing requests (debounced) and periodically; the timer is unref'd. */
  watch(server: Server): void
  /** Saves now (after any save in progress); resolves when the file is on disk. */
  save(): Promise<void>
  /** Stops the timers and writes the final state. */
  close(): Promise<void>
}

/**
 * `--state-file`: loads the file into freshly built deps (or starts from the fixtures when it does
 * not exist yet) and keeps it current. A file that cannot be used throws StateFileError: it is
 * never silently replaced.
 */
export async function openPersistence(path: string, deps: MockDeps, options: PersistenceOptions = {}): Promise<Persistence> {
  assertPersistable(deps)
  await removeStaleTemps(path)
  const doc = await readStateText(path)
  if (doc !== undefined) {
    const problem = checkDocument(doc, deps.projects.all().map((p) => p.id))
    if (problem) throw new StateFileError(path, problem)
    try {
      applyState(deps, doc as StateDocument)
    } catch (error) {
      throw new StateFileError(path, `cannot be restored: ${(error as Error).message}`)
    }
  }
  return new StateSaver(path, deps, doc !== undefined, options)
}

const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

class StateSaver implements Persistence {
  readonly #deps: MockDeps
  readonly #options: Required<Omit<PersistenceOptions, 'logger'>> & { logger?: Logger }
  #dirty = false
  #saving: Promise<void> | undefined
  #again = false
  #debounce: NodeJS.Timeout | undefined
  #interval: NodeJS.Timeout | undefined
  #lastSaveMs = 0
  #closed = false

  constructor(
    readonly path: string,
    deps: MockDeps,
    readonly loaded: boolean,
    options: PersistenceOptions,
  ) {
    this.#deps = deps
    this.#options = { intervalMs: 5_000, debounceMs: 200, ...options }
  }

  watch(server: Server): void {
    server.on('request', (req, res) => {
      res.once('finish', () => {
        if (res.statusCode >= 400) return
        // A read can materialise generated codes a client then sees: the periodic save keeps them.
        if (MUTATING.has(req.method ?? '')) this.#changed()
        else this.#dirty = true
      })
    })
    this.#interval = setInterval(() => {
      if (this.#dirty) void this.save().catch((error: Error) => this.#options.logger?.error({ err: error }, 'periodic state save failed'))
    }, this.#options.intervalMs)
    this.#interval.unref()
  }

  save(): Promise<void> {
    if (this.#saving) {
      this.#again = true
      return this.#saving
    }
    this.#saving = this.#write().finally(() => {
      this.#saving = undefined
      if (this.#again) {
        this.#again = false
        void this.save().catch(() => undefined)
      }
    })
    return this.#saving
  }

  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#debounce)
    clearInterval(this.#interval)
    await this.#saving?.catch(() => undefined)
    await this.#write()
  }

  // Clock-driven state (generation, exports) needs no save: it is derived from the saved clock.
  #changed(): void {
    this.#dirty = true
    if (this.#closed) return
    clearTimeout(this.#debounce)
    // A save of a big state costs tens of ms of blocked event loop: wait longer between them.
    const delay = Math.max(this.#options.debounceMs, this.#lastSaveMs * 4)
    this.#debounce = setTimeout(() => void this.save().catch((error: Error) => this.#options.logger?.error({ err: error }, 'state save failed')), delay)
    this.#debounce.unref()
  }

  async #write(): Promise<void> {
    const started = performance.now()
    this.#dirty = false
    // captured synchronously: one consistent moment, whatever requests arrive while writing
    const text = JSON.stringify(captureState(this.#deps))
    try {
      await writeFileAtomic(this.path, text)
    } catch (error) {
      this.#dirty = true
      throw error
    }
    this.#lastSaveMs = performance.now() - started
  }
}
