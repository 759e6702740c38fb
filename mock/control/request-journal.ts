export interface JournalEntry {
  at: string
  requestId: string
  method: string
  path: string
  status: number
  operationId?: string
}

/** The most recent API requests (a ring buffer), so client tests can see what their code sent. */
export class RequestJournal {
  #entries: JournalEntry[] = []

  constructor(private readonly capacity = 500) {}

  record(entry: JournalEntry): void {
    this.#entries.push(entry)
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity)
  }

  /** Oldest first; `limit` keeps the newest n. */
  list(limit?: number): JournalEntry[] {
    return limit === undefined ? [...this.#entries] : this.#entries.slice(-limit)
  }

  clear(): void {
    this.#entries = []
  }
}
