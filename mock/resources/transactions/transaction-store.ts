import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { VoucherTransaction } from '../../../src/records.js'
import { compileFilters, type FilterFields } from '../filters/filter-engine.js'

export type { TransactionType, VoucherTransaction } from '../../../src/records.js'

export type NewTransaction = Pick<VoucherTransaction, 'voucher_id' | 'campaign_id' | 'type' | 'amount' | 'balance'> &
  Partial<Pick<VoucherTransaction, 'source_id' | 'source' | 'reason' | 'details' | 'related_transaction_id'>>

export interface TransactionQuery {
  order?: 'created_at' | '-created_at'
  filters?: unknown
  /** Only transactions created at or before this instant (epoch ms): an export's snapshot. */
  until?: number
}

const FIELDS: FilterFields<VoucherTransaction> = {
  id: { kind: 'string', get: (t) => t.id },
  type: { kind: 'string', get: (t) => t.type },
  source_id: { kind: 'string', get: (t) => t.source_id },
  voucher_id: { kind: 'string', get: (t) => t.voucher_id },
  campaign_id: { kind: 'string', get: (t) => t.campaign_id },
  reason: { kind: 'string', get: (t) => t.reason },
  related_transaction_id: { kind: 'string', get: (t) => t.related_transaction_id },
  created_at: { kind: 'datetime', get: (t) => t.created_at },
}

/** The transactions of one project, grouped by campaign in creation order. */
export class TransactionStore {
  readonly #byCampaign = new Map<string, VoucherTransaction[]>()

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  /** Checkout records each balance change here, so the transaction export lists it. */
  record(input: NewTransaction): VoucherTransaction {
    return this.add({
      id: this.deps.ids.next('vtx'),
      source_id: input.source_id ?? null,
      voucher_id: input.voucher_id,
      campaign_id: input.campaign_id,
      source: input.source ?? 'API',
      reason: input.reason ?? null,
      type: input.type,
      amount: input.amount,
      balance: input.balance,
      details: input.details ?? {},
      related_transaction_id: input.related_transaction_id ?? null,
      created_at: toIso(this.deps.clock.now()),
    })
  }

  /** Adds a complete transaction (fixtures), keeping each campaign's list sorted by created_at. */
  add(transaction: VoucherTransaction): VoucherTransaction {
    const list = this.#byCampaign.get(transaction.campaign_id) ?? []
    let at = list.length
    while (at > 0 && list[at - 1].created_at > transaction.created_at) at--
    list.splice(at, 0, structuredClone(transaction))
    this.#byCampaign.set(transaction.campaign_id, list)
    return transaction
  }

  listByCampaign(campaignId: string, query: TransactionQuery = {}): VoucherTransaction[] {
    const { matches } = compileFilters(query.filters, FIELDS, {
      now: this.deps.clock.now(),
      errorCode: 'INVALID_PAYLOAD',
      where: 'parameters.filters',
      style: 'body',
    })
    const until = query.until === undefined ? undefined : toIso(query.until)
    const selected = (this.#byCampaign.get(campaignId) ?? []).filter(
      (t) => (until === undefined || t.created_at <= until) && matches(t),
    )
    if (query.order !== 'created_at') selected.reverse()
    return selected.map((t) => structuredClone(t))
  }

  /** How many transactions `all()` would list, without cloning them (`GET /_mock/state` counts every project). */
  get size(): number {
    let count = 0
    for (const transactions of this.#byCampaign.values()) count += transactions.length
    return count
  }

  all(): VoucherTransaction[] {
    return [...this.#byCampaign.values()].flat().map((t) => structuredClone(t))
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): VoucherTransaction[] {
    return this.all()
  }

  restore(transactions: VoucherTransaction[]): void {
    this.#byCampaign.clear()
    for (const transaction of transactions) this.add(transaction)
  }
}
