import { ASYNC_FIRST_POLL_MS, pauser, requestDeletion, untilGone, type Pause } from './delete-campaign.js'
import { CAMPAIGN_CLEANUP_REQUESTS, type Exchange, type HttpClient } from './http-client.js'
import { RestoreTasks } from './cleanup-restores.js'
import { mapConcurrent } from './schedule.js'

export interface CleanupOutcome {
  deleted: string[]
  failed: string[]
  /** Created resources the API cannot delete: they stay, named with the run prefix. */
  kept: string[]
}

const LIST_LIMIT = 100
/** A deletion asked for while the checks run is not waited for: a campaign still generating is left to the end. */
const NOT_NOW: Pause = async (_ms, what) => {
  throw new Error(what)
}
/** Pauses between the joint looks at the leftovers: 1 s, 2 s, 4 s, then every 5 s. */
const FIRST_ROUND_MS = 1_000
const MAX_ROUND_MS = 5_000

export interface CleanupDeps {
  client: () => HttpClient
  wait: (ms: number) => Promise<void>
  pollTimeoutMs: number
  concurrency?: number
  /** The run's deadline (`--deadline`) on `now`'s clock: polling stops there, what is left is reported. */
  deadlineAt?: number
  now?: () => number
  /** Progress while the cleanup waits for a target (one line each, no newline). */
  progress?: (line: string) => void
  /** The check running when a campaign is registered (its deletion may start once that check is done, see deleteFinished). */
  owner?: () => string | undefined
}

interface Accepted {
  id: string
  exchange: Exchange
  pause: Pause
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
  readonly #tasks = new RestoreTasks()
  readonly #kept: string[] = []
  /** Campaigns to delete, with the check that created them. */
  readonly #campaigns = new Map<string, string | undefined>()
  readonly #finishedChecks = new Set<string>()
  /** Deletions asked for while the checks ran (deleteFinished): runAll only looks whether they are gone. */
  #early: Accepted[] = []
  #goneEarly: string[] = []
  /** Campaigns whose deletion was asked for: the sweep does not register them again. */
  readonly #asked = new Set<string>()
  #prefix: string | undefined
  /** The sweep's listing of the run's campaigns: a look at the deletions answered before it was asked (see runAll). */
  #swept: Exchange | undefined

  constructor(private readonly deps: CleanupDeps) {}

  /**
   * Requests the cleanup needs (the sweep and the look after the deletions, one per task, at most
   * CAMPAIGN_CLEANUP_REQUESTS per campaign): kept out of the checks' budget.
   */
  get reserve(): number {
    // A deletion accepted early still needs its look (getCampaign) at most.
    return 2 + this.#tasks.size + CAMPAIGN_CLEANUP_REQUESTS * this.#campaigns.size + this.#early.length
  }

  /** `run` gets the cleanup's client: it may use the requests the checks had to leave for it. `restores`: see RestoreTasks.add. */
  add(label: string, run: (client: HttpClient) => Promise<void>, restores?: string): void {
    this.#tasks.add(label, run, restores)
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
    if (!this.#campaigns.has(id) && !this.#asked.has(id)) this.#campaigns.set(id, this.deps.owner?.())
  }

  /** Marks a campaign a check already deleted itself. */
  forgetCampaign(id: string): void {
    this.#campaigns.delete(id)
  }

  /**
   * Also finds campaigns named with the run prefix that no check registered (e.g. a create that timed out
   * on our side but succeeded on the server). Only names starting with the prefix are ever deleted.
   */
  async sweep(prefix: string): Promise<number> {
    this.#prefix = prefix
    this.#swept = undefined
    let found = 0
    try {
      const res = (this.#swept = await this.#listOurs(prefix))
      for (const c of res.response.body?.campaigns ?? []) {
        if (typeof c?.id === 'string' && typeof c?.name === 'string' && c.name.startsWith(prefix)) {
          this.deleteCampaign(c.id)
          found++
        }
      }
    } catch {
      // The sweep is a safety net; registered deletions still run.
    }
    return found
  }

  /** The check `owner` has finished: the campaigns it created may be deleted from now on (deleteFinished). */
  finished(owner: string): void {
    this.#finishedChecks.add(owner)
  }

  /**
   * Asks for the deletion of the campaigns of finished checks while the others still run, so that the run's end
   * waits only for the last ones. The caller makes sure no check left reads the campaign list (a deletion would
   * change it under that check). Only the DELETE: a campaign still generating, or one whose DELETE failed, is left
   * to runAll, and so is the look whether the accepted ones are gone. Never throws.
   */
  async deleteFinished(client: HttpClient): Promise<void> {
    const ids = [...this.#campaigns].filter(([, owner]) => owner !== undefined && this.#finishedChecks.has(owner)).map(([id]) => id)
    ids.forEach((id) => this.#campaigns.delete(id))
    await mapConcurrent(ids, this.deps.concurrency ?? 1, async (id) => {
      try {
        const exchange = await requestDeletion(client, id, NOT_NOW)
        this.#asked.add(id)
        if (exchange) this.#early.push({ id, exchange, pause: pauser({ wait: this.deps.wait, timeoutMs: Math.max(0, this.#timeLeft(0)) }) })
        else this.#goneEarly.push(id)
      } catch {
        this.#campaigns.set(id, undefined)
      }
    })
  }

  /**
   * Runs every task (the restores one by one, last-in first-out, so a value changed twice ends as it began) and,
   * meanwhile, the campaign deletions side by side (they touch nothing a restore does); never throws. `sweep`:
   * looks for unregistered campaigns with that prefix (see sweep) while the registered ones are being deleted.
   */
  async runAll(options: { sweep?: string } = {}): Promise<CleanupOutcome> {
    const outcome: CleanupOutcome = { deleted: [], failed: [], kept: [...this.#kept] }
    const swept = options.sweep === undefined ? undefined : this.sweep(options.sweep)
    await Promise.all([this.#tasks.runAll(this.deps.client, outcome), this.#deleteCampaigns(outcome, swept)])
    return outcome
  }

  /**
   * Asks for every deletion first, then gives the queued ones (202) one pause together and looks once at the
   * run's campaigns that are still listed: only those are polled one by one. Against a deployment that deletes
   * asynchronously this is one second for the lot instead of one per campaign, and one request instead of one each.
   */
  async #deleteCampaigns(outcome: CleanupOutcome, swept: Promise<unknown> | undefined): Promise<void> {
    const client = this.deps.client()
    const failed = (id: string, error: unknown): number => outcome.failed.push(`deleteCampaign ${id}: ${(error as Error).message}`)
    const accepted = this.#early
    this.#early = []
    outcome.deleted.push(...this.#goneEarly.map((id) => `deleteCampaign ${id}`))
    let requested = 0
    const request = async (): Promise<void> => {
      const ids = [...this.#campaigns.keys()].reverse()
      requested += ids.length
      this.#campaigns.clear()
      ids.forEach((id) => this.#asked.add(id))
      await mapConcurrent(ids, this.deps.concurrency ?? 1, async (id) => {
        const pause = pauser({ wait: this.deps.wait, timeoutMs: Math.max(0, this.#timeLeft(0)) })
        try {
          const exchange = await requestDeletion(client, id, pause)
          if (exchange) accepted.push({ id, exchange, pause })
          else outcome.deleted.push(`deleteCampaign ${id}`)
        } catch (error) {
          failed(id, error)
        }
      })
    }
    // The registered campaigns meanwhile the sweep looks for others; then what the sweep found.
    await Promise.all([request(), swept])
    if (this.#campaigns.size > 0) await request()
    if (accepted.length === 0) return
    this.deps.progress?.(`cleanup: ${accepted.length} campaign deletion(s) requested`)
    // Nothing deleted at the end (every deletion was asked for along the run, and answered before runAll): the
    // sweep's listing came after them all, so it is the first look, and no pause goes before it.
    const first = swept && requested === 0 && this.#swept ? this.#listedIn(this.#swept) : undefined
    if (!first && accepted.some((a) => a.exchange.response.status === 202)) await this.deps.wait(ASYNC_FIRST_POLL_MS).catch(() => undefined)
    const { left, listed, waitedMs } = await this.#untilUnlisted(accepted.map((a) => a.id), first)
    for (const a of accepted) if (!left.includes(a.id)) outcome.deleted.push(`deleteCampaign ${a.id}`)
    const waiting = accepted.filter((a) => left.includes(a.id))
    if (listed) {
      const why = this.#pastDeadline() ? 'the run\'s --deadline' : `--poll-timeout ${this.deps.pollTimeoutMs} ms`
      for (const a of waiting) failed(a.id, new Error(`accepted (${a.exchange.response.status}) but still listed after ${Math.round(waitedMs / 1000)} s (stopped by ${why})`))
      return
    }
    // The listing cannot tell (filter ignored, more than a page): each leftover is polled, all of them at once.
    await mapConcurrent(waiting, waiting.length, async ({ id, exchange, pause }) => {
      try {
        await untilGone(client, id, exchange, pause)
        outcome.deleted.push(`deleteCampaign ${id}`)
      } catch (error) {
        failed(id, error)
      }
    })
  }

  /**
   * Looks at the leftovers together, one listing per round for all of them (not one request and one wait
   * each), with growing pauses, until none is listed or the poll timeout or the run's deadline is reached.
   * `listed` is false when the listing cannot tell: then `left` is every id not yet seen gone.
   */
  async #untilUnlisted(ids: string[], first?: Set<string>): Promise<{ left: string[]; listed: boolean; waitedMs: number }> {
    let left = ids
    let waitedMs = 0
    let delay = FIRST_ROUND_MS
    for (let look = first; ; look = undefined) {
      const listed = look ?? await this.#stillListed()
      if (!listed) return { left, listed: false, waitedMs }
      left = left.filter((id) => listed.has(id))
      const room = this.#timeLeft(waitedMs)
      if (left.length === 0 || room <= 0) return { left, listed: true, waitedMs }
      const step = Math.min(delay, room)
      this.deps.progress?.(`cleanup: ${left.length} deleted campaign(s) still listed after ${Math.round(waitedMs / 1000)} s; looking again in ${Math.round(step / 1000)} s`)
      await this.deps.wait(step)
      waitedMs += step
      delay = Math.min(delay * 2, MAX_ROUND_MS)
    }
  }

  #pastDeadline(): boolean {
    return this.deps.deadlineAt !== undefined && (this.deps.now ?? Date.now)() >= this.deps.deadlineAt
  }

  /** How much longer the leftovers may be waited for: the poll timeout, cut at the run's deadline. */
  #timeLeft(waitedMs: number): number {
    const byTimeout = this.deps.pollTimeoutMs - waitedMs
    if (this.deps.deadlineAt === undefined) return byTimeout
    return Math.min(byTimeout, this.deps.deadlineAt - (this.deps.now ?? Date.now)())
  }

  /**
   * The ids of the run's campaigns the target still lists, when its answer is the whole answer to the prefix
   * filter (every name ours, nothing beyond the page); otherwise undefined, and each deletion is polled.
   */
  async #stillListed(): Promise<Set<string> | undefined> {
    const prefix = this.#prefix
    if (!prefix) return undefined
    try {
      return this.#listedIn(await this.#listOurs(prefix))
    } catch {
      return undefined
    }
  }

  /** What #stillListed reads from a listing of the run's campaigns. */
  #listedIn({ response }: Exchange): Set<string> | undefined {
    const prefix = this.#prefix
    const campaigns: unknown = response.body?.campaigns
    if (!prefix || response.status !== 200 || !Array.isArray(campaigns) || campaigns.length >= LIST_LIMIT) return undefined
    if (typeof response.body.total === 'number' && response.body.total > campaigns.length) return undefined
    if (!campaigns.every((c) => typeof c?.id === 'string' && typeof c?.name === 'string' && c.name.startsWith(prefix))) return undefined
    return new Set(campaigns.map((c) => c.id as string))
  }

  #listOurs(prefix: string): Promise<Exchange> {
    return this.deps.client().send({
      operationId: 'listCampaigns',
      method: 'GET',
      path: '/v1/campaigns',
      query: { limit: LIST_LIMIT, 'filters[campaigns][conditions][$starts_with]': prefix },
    })
  }
}
