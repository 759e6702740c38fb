import { deleteCampaignAndWait } from './delete-campaign.js'
import { CAMPAIGN_CLEANUP_REQUESTS, type HttpClient } from './http-client.js'
import { mapConcurrent } from './schedule.js'

interface Task {
  label: string
  run(): Promise<void>
}

export interface CleanupOutcome {
  deleted: string[]
  failed: string[]
  /** Created resources the API cannot delete: they stay, named with the run prefix. */
  kept: string[]
}

/** Creations the API has no delete for, and how the cleanup summary names them. */
const UNDELETABLE: Record<string, (body: any) => string> = {
  createCategory: (b) => `category ${b.id} (${b.name})`,
  exportCampaignTransactions: (b) => `export ${b.id}`,
  copyCampaignTemplate: (b) => `campaign template ${b.id} (${b.name})`,
  createOAuthToken: () => 'OAuth token (expires by itself)',
}

/**
 * What the run must undo, undone last-in first-out at the end (also after a failure or SIGINT).
 * Campaigns are the only created resource the API can delete; categories, exports, template copies,
 * OAuth tokens and redemptions stay, named with the run prefix, and are listed as kept in the summary.
 */
export class Cleanup {
  #tasks: Task[] = []
  readonly #kept: string[] = []
  readonly #campaigns = new Set<string>()

  constructor(
    private readonly deps: { client: () => HttpClient; wait: (ms: number) => Promise<void>; pollTimeoutMs: number; concurrency?: number },
  ) {}

  get pending(): number {
    return this.#tasks.length
  }

  /** Requests the cleanup needs (the sweep, one per task, CAMPAIGN_CLEANUP_REQUESTS per campaign): kept out of the checks' budget. */
  get reserve(): number {
    return 1 + this.#tasks.length + (CAMPAIGN_CLEANUP_REQUESTS - 1) * this.#campaigns.size
  }

  add(label: string, run: () => Promise<void>): void {
    this.#tasks.push({ label, run })
  }

  /** Notes a created resource the API cannot delete, for the cleanup summary. */
  keep(label: string): void {
    this.#kept.push(label)
  }

  /** Notes a successful create of a kind the API cannot delete (see UNDELETABLE). */
  noteCreated(operationId: string, status: number, body: any): void {
    const label = UNDELETABLE[operationId]
    if (label && status === 200 && typeof body === 'object' && body !== null) this.keep(label(body))
  }

  /** Registers a created campaign for deletion; registering twice is harmless. */
  deleteCampaign(id: string): void {
    if (this.#campaigns.has(id)) return
    this.#campaigns.add(id)
    this.add(`deleteCampaign ${id}`, () => this.#deleteCampaign(id))
  }

  /** Marks a campaign a check already deleted itself. */
  forgetCampaign(id: string): void {
    this.#campaigns.delete(id)
    this.#tasks = this.#tasks.filter((t) => t.label !== `deleteCampaign ${id}`)
  }

  /**
   * Also finds campaigns named with the run prefix that no check registered (e.g. a create that timed out
   * on our side but succeeded on the server). Only names starting with the prefix are ever deleted.
   */
  async sweep(prefix: string): Promise<void> {
    try {
      const res = await this.deps.client().send({
        operationId: 'listCampaigns',
        method: 'GET',
        path: '/v1/campaigns',
        query: { limit: 100, 'filters[campaigns][conditions][$starts_with]': prefix },
      })
      for (const c of res.response.body?.campaigns ?? []) {
        if (typeof c?.id === 'string' && typeof c?.name === 'string' && c.name.startsWith(prefix)) this.deleteCampaign(c.id)
      }
    } catch {
      // The sweep is a safety net; registered deletions still run.
    }
  }

  /** Runs every task (restores first, last-in first-out, then the deletions side by side); never throws. */
  async runAll(): Promise<CleanupOutcome> {
    const outcome: CleanupOutcome = { deleted: [], failed: [], kept: [...this.#kept] }
    const tasks = this.#tasks.reverse()
    this.#tasks = []
    const attempt = async (task: Task): Promise<void> => {
      try {
        await task.run()
        outcome.deleted.push(task.label)
      } catch (error) {
        outcome.failed.push(`${task.label}: ${(error as Error).message}`)
      }
    }
    const deletions = tasks.filter((t) => t.label.startsWith('deleteCampaign '))
    for (const task of tasks.filter((t) => !deletions.includes(t))) await attempt(task)
    await mapConcurrent(deletions, this.deps.concurrency ?? 1, attempt)
    return outcome
  }

  async #deleteCampaign(id: string): Promise<void> {
    await deleteCampaignAndWait(this.deps.client(), id, { wait: this.deps.wait, timeoutMs: this.deps.pollTimeoutMs })
  }
}
