import type { HttpClient } from './http-client.js'

interface Task {
  label: string
  run(client: HttpClient): Promise<void>
  /** What it puts back (see RestoreTasks.add). */
  restores?: string
}

/** What the tasks did, in the cleanup summary's words. */
export interface RestoreOutcome {
  deleted: string[]
  failed: string[]
}

/** The run's undo tasks other than deletions (a value a check changed, put back), run last-in first-out at the end. */
export class RestoreTasks {
  #tasks: Task[] = []

  get size(): number {
    return this.#tasks.length
  }

  /**
   * `run` gets the cleanup's client. `restores` names what it puts back (e.g. a PUT's path): of several tasks
   * restoring the same thing only the first added runs, since it puts back what was there before the run (the later
   * ones would restore what an earlier check changed, and be undone by it right after, LIFO); they are done when it is.
   */
  add(label: string, run: (client: HttpClient) => Promise<void>, restores?: string): void {
    this.#tasks.push({ label, run, restores })
  }

  /** Runs the tasks one by one, last-in first-out, so a value changed twice ends as it began; never throws. */
  async runAll(client: () => HttpClient, outcome: RestoreOutcome): Promise<void> {
    const first = new Map<string, Task>()
    for (const task of this.#tasks) if (task.restores !== undefined && !first.has(task.restores)) first.set(task.restores, task)
    const supersededBy = (task: Task): Task | undefined => (task.restores === undefined || first.get(task.restores) === task ? undefined : first.get(task.restores))
    const tasks = this.#tasks.reverse()
    this.#tasks = []
    const failed = new Set<Task>()
    for (const task of tasks.filter((t) => !supersededBy(t))) {
      try {
        await task.run(client())
        outcome.deleted.push(task.label)
      } catch (error) {
        failed.add(task)
        outcome.failed.push(`${task.label}: ${(error as Error).message}`)
      }
    }
    for (const task of tasks) {
      const by = supersededBy(task)
      if (by) (failed.has(by) ? outcome.failed : outcome.deleted).push(`${task.label}: by the run's first restore of it (${by.label})`)
    }
  }
}
