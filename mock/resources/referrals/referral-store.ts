import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { HolderRole, RedeemableHolder } from '../../../src/records.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { compileFilters, type FilterFields } from '../filters/filter-engine.js'
import { cursorPage, DEFAULT_LIMIT } from '../../engine/list-page.js'

export type { HolderRole, RedeemableHolder } from '../../../src/records.js'

/** What the holders endpoints need from a voucher; the campaigns helper's VoucherStore provides it. */
export interface MemberVoucher {
  id: string
  code: string
  campaign_id: string
}
export interface VoucherLookup {
  findByCodeOrId(codeOrId: string): MemberVoucher | undefined
}

export interface HolderQuery {
  limit?: number
  order?: 'id' | '-id'
  starting_after_id?: string
  filters?: unknown
}

export interface HolderPage {
  object: 'list'
  data_ref: 'data'
  data: RedeemableHolder[]
  total: number
  has_more: boolean
  more_starting_after?: string
}

export interface NewHolder {
  redeemable_id: string
  campaign_id: string
  customer_id: string
  holder_role: HolderRole
  voucher_type?: RedeemableHolder['voucher_type']
  metadata?: Record<string, unknown>
}

const FIELDS: FilterFields<RedeemableHolder> = {
  id: { kind: 'string', get: (h) => h.id },
  holder_role: { kind: 'string', get: (h) => h.holder_role, values: ['REFEREE', 'REFERRER'] },
  customer_id: { kind: 'string', get: (h) => h.customer_id },
  created_at: { kind: 'datetime', get: (h) => h.created_at },
}

/** Holders (REFERRER / REFEREE) of the referral codes of one project, keyed by the code's voucher id. */
export class ReferralStore {
  readonly #byRedeemable = new Map<string, RedeemableHolder[]>()

  constructor(private readonly deps: { clock: Clock; ids: IdSource; vouchers: () => VoucherLookup }) {}

  /** Adds a complete holder record (fixtures). */
  add(holder: RedeemableHolder): RedeemableHolder {
    const list = this.#byRedeemable.get(holder.redeemable_id) ?? []
    list.push(structuredClone(holder))
    this.#byRedeemable.set(holder.redeemable_id, list)
    return holder
  }

  /**
   * Checkout records the code's owner as REFERRER and a redeeming customer as REFEREE.
   * Idempotent per (code, customer, role): a referee redeeming twice is still one holder.
   */
  addHolder(input: NewHolder): RedeemableHolder {
    const existing = this.#byRedeemable
      .get(input.redeemable_id)
      ?.find((h) => h.customer_id === input.customer_id && h.holder_role === input.holder_role)
    if (existing) return structuredClone(existing)
    return this.add({
      id: this.deps.ids.next('rh'),
      created_at: toIso(this.deps.clock.now()),
      redeemable_id: input.redeemable_id,
      redeemable_object: 'voucher',
      campaign_id: input.campaign_id,
      campaign_type: 'REFERRAL_PROGRAM',
      voucher_type: input.voucher_type ?? 'DISCOUNT_VOUCHER',
      customer_id: input.customer_id,
      holder_role: input.holder_role,
      ...(input.metadata ? { metadata: input.metadata } : {}),
      object: 'redeemable_holder',
    })
  }

  /** The customer who refers with this code (its REFERRER holder), if any. */
  referrerOf(redeemableId: string): string | undefined {
    return this.#byRedeemable.get(redeemableId)?.find((h) => h.holder_role === 'REFERRER')?.customer_id
  }

  listReferralCodeHolders(campaignId: string, memberId: string, query: HolderQuery = {}): HolderPage {
    const voucher = this.#member(memberId)
    if (voucher.campaign_id !== campaignId) {
      throw notFound('voucher', memberId, `Cannot find voucher with id ${memberId} in campaign ${campaignId}`)
    }
    return this.#page(voucher.id, query)
  }

  listMemberHolders(memberId: string, query: HolderQuery = {}): HolderPage {
    return this.#page(this.#member(memberId).id, query)
  }

  /** How many holders `all()` would list, without cloning them (`GET /_mock/state` counts every project). */
  get size(): number {
    let count = 0
    for (const holders of this.#byRedeemable.values()) count += holders.length
    return count
  }

  all(): RedeemableHolder[] {
    return [...this.#byRedeemable.values()].flat().map((h) => structuredClone(h))
  }

  #member(memberId: string): MemberVoucher {
    const voucher = this.deps.vouchers().findByCodeOrId(memberId)
    if (!voucher) throw notFound('voucher', memberId)
    return voucher
  }

  #page(redeemableId: string, query: HolderQuery): HolderPage {
    const limit = query.limit ?? DEFAULT_LIMIT
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new ApiError('INVALID_QUERY_PARAMS', `limit: must be an integer from 1 to 100, got ${limit}`)
    }
    const descending = query.order === '-id'
    const { matches } = compileFilters(query.filters, FIELDS, {
      now: this.deps.clock.now(),
      errorCode: 'INVALID_QUERY_PARAMS',
      where: 'filters',
      style: 'query',
    })
    const sorted = (this.#byRedeemable.get(redeemableId) ?? []).filter(matches).sort((a, b) => compare(a.id, b.id))
    if (descending) sorted.reverse()
    const cursor = query.starting_after_id
    const start = cursor === undefined ? 0 : sorted.findIndex((h) => (descending ? h.id < cursor : h.id > cursor))
    const from = start === -1 ? sorted.length : start
    const { data, hasMore } = cursorPage(sorted, from, limit)
    return {
      object: 'list',
      data_ref: 'data',
      data: data.map((h) => structuredClone(h)),
      total: sorted.length,
      has_more: hasMore,
      ...(hasMore ? { more_starting_after: data[data.length - 1].id } : {}),
    }
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): RedeemableHolder[] {
    return this.all()
  }

  restore(holders: RedeemableHolder[]): void {
    this.#byRedeemable.clear()
    for (const holder of holders) this.add(holder)
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
