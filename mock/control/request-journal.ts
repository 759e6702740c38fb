import { toIso } from '../../src/clock.js'

export interface JournalEntry {
  at: string
  requestId: string
  method: string
  path: string
  status: number
  operationId?: string
}

/** An entry as recorded: the time as clock ms, formatted only when someone reads the journal. */
export type JournalRecord = Omit<JournalEntry, 'at'> & { atMs: number }

/** The most recent API requests (a ring buffer), so client tests can see what their code sent. */
export class RequestJournal {
  #entries: JournalRecord[] = []

  constructor(private readonly capacity = 500) {}

  record(entry: JournalRecord): void {
    this.#entries.push(entry)
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity)
  }

  /** Oldest first; `limit` keeps the newest n. */
  list(limit?: number): JournalEntry[] {
    const kept = limit === undefined ? this.#entries : this.#entries.slice(-limit)
    return kept.map(({ atMs, ...entry }) => ({ at: toIso(atMs), ...entry }))
  }

  clear(): void {
    this.#entries = []
  }
}
