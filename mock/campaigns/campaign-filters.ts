import { ApiError } from '../errors.js'
import type { StoredCampaign } from './campaign-types.js'

export type Predicate = (campaign: StoredCampaign) => boolean
type Status = (campaign: StoredCampaign) => string

/** What a `filters` deepObject turned into, plus hints the planner can use to avoid a scan. */
export interface ParsedFilters {
  predicates: Predicate[]
  junction: 'and' | 'or'
  /** Exact names asked for with `$is` / `$in` (AND junction only): looked up, not scanned. */
  names?: string[]
}

const STRING_OPS = ['$in', '$not_in', '$is', '$is_not', '$has_value', '$is_unknown', '$starts_with', '$ends_with', '$contains', '$not_contain'] as const
const DATE_OPS = ['$after', '$before', '$has_value', '$is_unknown', '$more_than', '$less_than'] as const
const DAY_MS = 86_400_000

type Field = { kind: 'string'; get: (c: StoredCampaign, status: Status) => string | undefined } | { kind: 'date'; get: (c: StoredCampaign) => number | undefined }

const date = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso))

/** Fields of List Campaigns' `filters` (real-service-notes §2.2); `name` is accepted as an alias of `campaigns`. */
const FIELDS: Record<string, Field> = {
  campaigns: { kind: 'string', get: (c) => c.name },
  name: { kind: 'string', get: (c) => c.name },
  campaigns_id: { kind: 'string', get: (c) => c.id },
  id: { kind: 'string', get: (c) => c.id },
  campaign_status: { kind: 'string', get: (c, status) => status(c) },
  campaign_type: { kind: 'string', get: (c) => c.campaign_type },
  type: { kind: 'string', get: (c) => c.type },
  voucher_type: { kind: 'string', get: (c) => c.voucher?.type },
  is_referral_code: { kind: 'string', get: (c) => String(c.voucher?.is_referral_code ?? false).toUpperCase() },
  categories: { kind: 'string', get: (c) => c.category?.name },
  category_ids: { kind: 'string', get: (c) => c.category?.id },
  created_date: { kind: 'date', get: (c) => c.createdAt },
  created_at: { kind: 'date', get: (c) => c.createdAt },
  updated_at: { kind: 'date', get: (c) => c.updatedAt ?? undefined },
  start_date: { kind: 'date', get: (c) => date(c.start_date) },
  expiration_date: { kind: 'date', get: (c) => date(c.expiration_date) },
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'object' && value !== null ? Object.values(value).map(String) : [String(value)]

const bad = (detail: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', detail)

export function parseFilters(filters: unknown, status: Status, now: () => number): ParsedFilters {
  if (filters === undefined || filters === null || filters === '') return { predicates: [], junction: 'and' }
  if (typeof filters !== 'object' || Array.isArray(filters)) throw bad('filters: must be an object, e.g. filters[campaigns][conditions][$is]=Summer')
  const { junction: rawJunction, ...fields } = filters as Record<string, unknown>
  const junction = String(rawJunction ?? 'and').toLowerCase()
  if (junction !== 'and' && junction !== 'or') throw bad(`filters[junction]: must be "and" or "or", got "${rawJunction}"`)
  const parsed: ParsedFilters = { predicates: [], junction }
  for (const [name, raw] of Object.entries(fields)) {
    const field = FIELDS[name]
    if (!field) throw bad(`filters[${name}]: unknown filter; known: ${Object.keys(FIELDS).join(', ')}`)
    const conditions = conditionsOf(name, raw)
    for (const [op, value] of Object.entries(conditions)) {
      parsed.predicates.push(
        field.kind === 'string' ? stringPredicate(name, field.get, op, value, status) : datePredicate(name, field.get, op, value, now),
      )
      if (junction === 'and' && (name === 'campaigns' || name === 'name') && (op === '$is' || op === '$in')) {
        const names = op === '$is' ? [String(value)] : list(value)
        parsed.names = parsed.names ? parsed.names.filter((n) => names.includes(n)) : names
      }
    }
  }
  return parsed
}

function conditionsOf(name: string, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw bad(`filters[${name}]: expected conditions, e.g. filters[${name}][conditions][$is]=value`)
  }
  const outer = raw as Record<string, unknown>
  const conditions = (outer.conditions ?? outer) as Record<string, unknown>
  if (typeof conditions !== 'object' || conditions === null || Object.keys(conditions).length === 0) {
    throw bad(`filters[${name}][conditions]: needs at least one operator`)
  }
  return conditions
}

function stringPredicate(name: string, get: (c: StoredCampaign, s: Status) => string | undefined, op: string, value: unknown, status: Status): Predicate {
  const at = (c: StoredCampaign): string | undefined => get(c, status)
  const one = String(value)
  const norm = name === 'is_referral_code' ? one.toUpperCase() : one
  switch (op as (typeof STRING_OPS)[number]) {
    case '$is': return (c) => at(c) === norm
    case '$is_not': return (c) => at(c) !== norm
    case '$in': { const set = new Set(list(value)); return (c) => set.has(at(c) ?? '\u0000') }
    case '$not_in': { const set = new Set(list(value)); return (c) => !set.has(at(c) ?? '\u0000') }
    case '$has_value': return (c) => at(c) !== undefined && at(c) !== ''
    case '$is_unknown': return (c) => at(c) === undefined || at(c) === ''
    case '$starts_with': return (c) => at(c)?.startsWith(one) ?? false
    case '$ends_with': return (c) => at(c)?.endsWith(one) ?? false
    case '$contains': return (c) => at(c)?.includes(one) ?? false
    case '$not_contain': return (c) => !(at(c)?.includes(one) ?? false)
    default: throw bad(`filters[${name}][conditions][${op}]: unknown operator; use one of ${STRING_OPS.join(', ')}`)
  }
}

function datePredicate(name: string, get: (c: StoredCampaign) => number | undefined, op: string, value: unknown, now: () => number): Predicate {
  const ms = (): number => {
    const parsed = Date.parse(String(Array.isArray(value) ? value[0] : value))
    if (Number.isNaN(parsed)) throw bad(`filters[${name}][conditions][${op}]: must be an ISO 8601 date-time, got "${value}"`)
    return parsed
  }
  const days = (): number => {
    const n = Number(value)
    if (!Number.isInteger(n) || n < 0) throw bad(`filters[${name}][conditions][${op}]: must be a whole number of days, got "${value}"`)
    return n * DAY_MS
  }
  switch (op as (typeof DATE_OPS)[number]) {
    case '$after': { const t = ms(); return (c) => (get(c) ?? -Infinity) > t }
    case '$before': { const t = ms(); return (c) => (get(c) ?? Infinity) < t }
    case '$has_value': return (c) => get(c) !== undefined
    case '$is_unknown': return (c) => get(c) === undefined
    case '$more_than': { const d = days(); return (c) => { const t = get(c); return t !== undefined && now() - t > d } }
    case '$less_than': { const d = days(); return (c) => { const t = get(c); return t !== undefined && now() - t < d } }
    default: throw bad(`filters[${name}][conditions][${op}]: unknown operator; use one of ${DATE_OPS.join(', ')}`)
  }
}
