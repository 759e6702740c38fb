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
  // A fixed array written round-robin: shifting a full array on every request cost 1% of a create.
  #slots: (JournalRecord | undefined)[]
  #next = 0
  #count = 0

  constructor(private readonly capacity = 500) {
    this.#slots = new Array(capacity)
  }

  record(entry: JournalRecord): void {
    this.#slots[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
    if (this.#count < this.capacity) this.#count++
  }

  /** Oldest first; `limit` keeps the newest n. */
  list(limit?: number): JournalEntry[] {
    const n = limit === undefined ? this.#count : Math.min(Math.max(limit, 0), this.#count)
    const out: JournalEntry[] = []
    for (let i = this.#count - n; i < this.#count; i++) {
      const { atMs, ...entry } = this.#slots[(this.#next - this.#count + i + this.capacity) % this.capacity] as JournalRecord
      out.push({ at: toIso(atMs), ...entry })
    }
    return out
  }

  clear(): void {
    this.#slots = new Array(this.capacity)
    this.#next = 0
    this.#count = 0
  }
}
