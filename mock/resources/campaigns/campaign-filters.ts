import { enumValues } from '../../../src/types/enum-values.js'
import { ApiError } from '../../engine/errors.js'
import { compileFilters, type FilterFields, type Predicate } from '../filters/filter-engine.js'
import { listOf } from '../filters/conditions.js'
import type { CampaignStatus, StoredCampaign } from './campaign-types.js'
import { CAMPAIGN_TYPES } from './campaign-types.js'

export type { Predicate }
type Status = (campaign: StoredCampaign) => CampaignStatus

/** What a `filters` deepObject turned into, plus hints the planner can use to avoid a scan. */
export interface ParsedFilters {
  predicates: Predicate<StoredCampaign>[]
  junction: 'and' | 'or'
  /** Exact names asked for with `$is` / `$in` (AND junction only): looked up, not scanned. */
  names?: string[]
}

const STATUSES = enumValues<CampaignStatus>({ DONE: true, IN_PROGRESS: true, FAILED: true, DRAFT: true, MODIFYING: true })
const date = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso))
const started = (c: StoredCampaign, now: number): boolean => (date(c.start_date) ?? -Infinity) <= now
const expired = (c: StoredCampaign, now: number): boolean => (date(c.expiration_date) ?? Infinity) < now
/** Redeemable now as far as the campaign goes: switched on, inside its dates. */
const activeNow = (c: StoredCampaign, now: number): boolean => c.active && started(c, now) && !expired(c, now)

/**
 * Fields of List Campaigns' `filters` (real-service-notes §2.2). `name`, `id`, `campaign_type` and
 * `created_at` are accepted as aliases of `campaigns`, `campaigns_id`, the query parameter and
 * `created_date`. `validity_timeframe` compares the instant its intervals count from (the campaign's
 * `start_date`, else its creation), and only for campaigns that have a timeframe.
 */
function campaignFields(status: Status): FilterFields<StoredCampaign> {
  const name = { kind: 'string', get: (c: StoredCampaign) => c.name } as const
  const id = { kind: 'string', get: (c: StoredCampaign) => c.id } as const
  const created = { kind: 'datetime', get: (c: StoredCampaign) => c.createdAt } as const
  return {
    campaigns: name,
    name,
    campaigns_id: id,
    id,
    campaign_status: {
      kind: 'string',
      get: status,
      values: STATUSES,
      ops: ['$in', '$not_in', '$is', '$is_not', '$has_value', '$is_unknown', '$starts_with', '$ends_with'],
    },
    status: {
      kind: 'flags',
      flags: {
        $active: (c, now) => status(c) === 'DONE' && activeNow(c, now),
        $failed: (c) => status(c) === 'FAILED',
        $in_progress: (c) => status(c) === 'IN_PROGRESS',
        $expired: (c, now) => expired(c, now),
        // written without `$` in the vendor document; both spellings are read
        before_start: (c, now) => !started(c, now),
        $before_start: (c, now) => !started(c, now),
      },
    },
    active: {
      kind: 'flags',
      flags: {
        $enabled: (c) => c.active,
        $disabled: (c) => !c.active,
        $expired: (c, now) => expired(c, now),
        $active: (c, now) => activeNow(c, now),
      },
    },
    campaign_type: { kind: 'string', get: (c) => c.campaign_type, values: CAMPAIGN_TYPES },
    type: { kind: 'string', get: (c) => c.type, values: ['AUTO_UPDATE', 'BULK', 'STANDALONE', 'STATIC'] },
    voucher_type: { kind: 'string', get: (c) => c.voucher?.type, values: ['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD'] },
    is_referral_code: {
      kind: 'string',
      get: (c) => String(c.voucher?.is_referral_code ?? false),
      values: ['TRUE', 'FALSE'],
      upper: true,
      ops: ['$is', '$is_not'],
    },
    categories: { kind: 'string', get: (c) => c.category?.name },
    category_ids: { kind: 'string', get: (c) => c.category?.id },
    created_date: created,
    created_at: created,
    updated_at: { kind: 'datetime', get: (c) => c.updatedAt },
    start_date: { kind: 'datetime', get: (c) => c.start_date },
    expiration_date: { kind: 'datetime', get: (c) => c.expiration_date },
    validity_timeframe: { kind: 'datetime', get: (c) => (c.validity_timeframe ? (date(c.start_date) ?? c.createdAt) : undefined) },
    validity_day_of_week: { kind: 'custom', compile: dayOfWeek },
  }
}

/** `validity_day_of_week[conditions][$is]=[0..6]`: campaigns valid on exactly these days. */
function dayOfWeek(op: string, value: unknown, where: string): Predicate<StoredCampaign> {
  if (op !== '$is') throw bad(`${where}: unknown operator; use $is`)
  const days = listOf(value).map(Number)
  if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) throw bad(`${where}: days must be whole numbers from 0 (Sunday) to 6`)
  const wanted = [...new Set(days)].sort().join()
  return (c) => [...new Set(c.validity_day_of_week ?? [])].sort().join() === wanted
}

const bad = (details: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', details)

export function parseFilters(filters: unknown, status: Status, now: () => number): ParsedFilters {
  const compiled = compileFilters(filters, campaignFields(status), { now: now(), errorCode: 'INVALID_QUERY_PARAMS', where: 'filters', style: 'query' })
  const parsed: ParsedFilters = { predicates: compiled.predicates, junction: compiled.junction }
  if (compiled.junction !== 'and') return parsed
  for (const { field, op, value } of compiled.conditions) {
    if ((field !== 'campaigns' && field !== 'name') || (op !== '$is' && op !== '$in')) continue
    const names = listOf(value)
    parsed.names = parsed.names ? parsed.names.filter((n) => names.includes(n)) : names
  }
  return parsed
}

/** Whether the answer to these filters can change with the clock alone (no campaign changing). */
export function readsTheClock(filters: unknown): boolean {
  if (typeof filters !== 'object' || filters === null) return false
  const text = JSON.stringify(filters)
  return /"(status|active|\$more_than|\$less_than)"/.test(text)
}
