import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import { enumValues } from '../../../src/types/enum-values.js'
import { randomBytes, type IdSource } from '../../../src/ids.js'
import { randomToken } from '../../../src/latin1.js'
import { secretsEqual } from '../../engine/auth/credentials.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { pageOf, type PageQuery } from '../../engine/list-page.js'
import type { TransactionStore } from '../transactions/transaction-store.js'
import type { BodyOf, QueryOf } from '../../engine/spec-shapes.js'
import type { Export, ExportCreateRequest } from '../../../src/types/index.js'
import { toCsv } from './csv.js'

type ExportField = NonNullable<NonNullable<ExportCreateRequest['parameters']>['fields']>[number]
export const EXPORT_FIELDS = enumValues<ExportField>({
  id: true, type: true, source_id: true, reason: true, balance: true, amount: true, created_at: true, voucher_id: true,
  source: true, details: true, related_transaction_id: true,
})
export const DEFAULT_EXPORT_FIELDS: ExportField[] = ['id', 'type', 'source_id', 'reason', 'balance', 'amount', 'created_at', 'voucher_id']

/** The statuses the mock's exports go through (the spec's `ERROR` never happens on the mock). */
export type ExportStatus = Exclude<Export['status'], 'ERROR'>

export type ExportListQuery = QueryOf<'listExports'> & PageQuery

/** The body of Export Campaign Transactions: `order` at the top (seed, vendor example) or in `parameters` (vendor schema). */
export type ExportRequest = NonNullable<BodyOf<'exportCampaignTransactions'>>

/** What an export keeps of its request: the order and fields asked for, and the filters it applies (the campaign's included). */
interface ExportParameters {
  order?: ExportCreateRequest['order']
  fields?: string[]
  filters: Record<string, unknown>
}

/** Only what the export needs from a campaign; the campaigns helper's CampaignStore.get provides it. */
export interface CampaignLookup {
  get(idOrName: string): { id: string; campaign_type: string }
}

export interface ExportStoreDeps {
  clock: Clock
  ids: IdSource
  config: { exportScheduledMs: number; exportRunMs: number }
  campaigns: () => CampaignLookup
  transactions: () => TransactionStore
}

interface ExportJob {
  id: string
  campaignId: string
  createdAt: number
  /** When it leaves SCHEDULED and when it is DONE (Infinity only in a state file of an older version). */
  startsAt: number
  doneAt: number
  token: string
  parameters: ExportParameters
}

const EXPORTABLE: ReadonlySet<string> = new Set(['GIFT_VOUCHERS', 'LOYALTY_PROGRAM'])

/** Transaction exports of one project. Status is derived from the clock on every read; nothing runs in the background. */
export class ExportStore {
  readonly #jobs = new Map<string, ExportJob>()

  constructor(private readonly deps: ExportStoreDeps) {}

  exportCampaignTransactions(campaignIdOrName: string, body: ExportRequest = {}, baseUrl = ''): Export {
    const campaign = this.deps.campaigns().get(campaignIdOrName)
    if (!EXPORTABLE.has(campaign.campaign_type)) {
      throw new ApiError('FORBIDDEN', 'Transactions are allowed only for loyalty or gift campaigns', {
        message: 'Transactions are allowed only for loyalty or gift campaigns',
      })
    }
    const sent = body.parameters ?? {}
    const order = sent.order ?? body.order
    const fields = sent.fields
    const unknown = fields?.filter((f) => !(EXPORT_FIELDS as readonly string[]).includes(f)) ?? []
    if (unknown.length > 0) {
      throw new ApiError('INVALID_PAYLOAD', `parameters.fields: unknown field(s) ${unknown.join(', ')}; allowed: ${EXPORT_FIELDS.join(', ')}`)
    }
    // Rejects bad filters now (400) rather than at download time.
    this.deps.transactions().listByCampaign(campaign.id, { filters: sent.filters })
    const createdAt = this.deps.clock.now()
    const startsAt = createdAt + this.deps.config.exportScheduledMs
    const job: ExportJob = {
      id: this.deps.ids.next('exp'),
      campaignId: campaign.id,
      createdAt,
      startsAt,
      doneAt: startsAt + this.deps.config.exportRunMs,
      token: randomToken(18, (n) => randomBytes(this.deps.ids, n)),
      parameters: {
        ...(order ? { order } : {}),
        ...(fields ? { fields: [...fields] } : {}),
        filters: {
          junction: 'AND',
          ...structuredClone(sent.filters ?? {}),
          campaign_id: { conditions: { $in: [campaign.id] } },
        },
      },
    }
    this.#jobs.set(job.id, job)
    return this.#view(job, baseUrl)
  }

  /** `baseUrl` is the server address the client used; the download URL in `result` is built from it. */
  getExport(exportId: string, baseUrl: string): Export {
    return this.#view(this.#job(exportId), baseUrl)
  }

  has(exportId: string): boolean {
    return this.#jobs.has(exportId)
  }

  /** The CSV behind `result.url`: the campaign's transactions as of the moment the export became DONE. */
  download(exportId: string, token: string): string {
    const job = this.#job(exportId)
    if (!secretsEqual(token, job.token)) throw new ApiError('UNAUTHORIZED', `The token does not grant access to export ${exportId}`)
    const status = this.#status(job)
    if (status !== 'DONE') {
      throw notFound('export', exportId, `Export ${exportId} has no file yet (status ${status}); poll GET /v1/exports/${exportId} until DONE`)
    }
    const { campaign_id: _campaign, ...filters } = job.parameters.filters
    const rows = this.deps.transactions().listByCampaign(job.campaignId, {
      order: job.parameters.order,
      filters,
      until: job.doneAt,
    })
    return toCsv(job.parameters.fields ?? DEFAULT_EXPORT_FIELDS, rows as unknown as Record<string, unknown>[])
  }

  /** The instant every pending export is DONE (for the control API's "finish jobs"); undefined when none. */
  pendingUntil(): number | undefined {
    const now = this.deps.clock.now()
    let latest: number | undefined
    for (const job of this.#jobs.values()) {
      if (job.doneAt > now && Number.isFinite(job.doneAt)) latest = Math.max(latest ?? 0, job.doneAt)
    }
    return latest
  }

  /**
   * listExports: newest first unless `order` says otherwise (`status` sorts by the status name, as a column
   * sort would). Faults on getExport do not hold listed exports: listing is not the polling they aim at.
   */
  page(query: ExportListQuery, baseUrl: string): { exports: Export[]; total: number } {
    const [key, sign] = query.order?.startsWith('-') ? [query.order.slice(1), -1] : [query.order ?? 'created_at', query.order ? 1 : -1]
    const rows = [...this.#jobs.values()].map((job) => ({ job, status: this.#status(job) }))
    const byKey = key === 'status' ? (a: (typeof rows)[0], b: (typeof rows)[0]) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0) : () => 0
    rows.sort((a, b) => sign * (byKey(a, b) || a.job.createdAt - b.job.createdAt))
    return { exports: pageOf(rows, query).map(({ job }) => this.#view(job, baseUrl)), total: rows.length }
  }

  list(baseUrl = ''): Export[] {
    return [...this.#jobs.values()].map((job) => this.#view(job, baseUrl))
  }

  #job(exportId: string): ExportJob {
    const job = this.#jobs.get(exportId)
    if (!job) throw notFound('export', exportId)
    return job
  }

  #status(job: ExportJob): ExportStatus {
    const now = this.deps.clock.now()
    if (now < job.startsAt) return 'SCHEDULED'
    return now < job.doneAt ? 'IN_PROGRESS' : 'DONE'
  }

  #view(job: ExportJob, baseUrl: string): Export {
    const status = this.#status(job)
    return {
      id: job.id,
      object: 'export',
      created_at: toIso(job.createdAt),
      status,
      channel: 'API',
      exported_object: 'voucher_transactions',
      // as the spec's type reads, `filters` holds only objects besides `campaign_id`, which leaves no room for the
      // `junction` string its schema allows: the answer is checked against the schema by every test's validation
      parameters: structuredClone(job.parameters) as Export['parameters'],
      result: status === 'DONE' ? { url: `${baseUrl}/v1/exports/${job.id}?token=${job.token}` } : null,
      user_id: null,
    }
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): Array<Omit<ExportJob, 'startsAt' | 'doneAt'> & { startsAt: number | null; doneAt: number | null }> {
    // JSON has no Infinity: null stands for it (state files saved while an `export-stuck` fault existed hold it)
    const finite = (ms: number): number | null => (Number.isFinite(ms) ? ms : null)
    return [...this.#jobs.values()].map((job) => ({ ...structuredClone(job), startsAt: finite(job.startsAt), doneAt: finite(job.doneAt) }))
  }

  restore(jobs: Array<Omit<ExportJob, 'startsAt' | 'doneAt'> & { startsAt: number | null; doneAt: number | null }>): void {
    this.#jobs.clear()
    for (const job of jobs) this.#jobs.set(job.id, { ...structuredClone(job), startsAt: job.startsAt ?? Infinity, doneAt: job.doneAt ?? Infinity })
  }
}
