import { ApiError, type ErrorCode } from '../errors.js'

/**
 * The real service's `filters` vocabulary (notes §1.4): `{junction?, <field>: {conditions: {$op: value}}}`.
 * Used by the holders query and the transactions export body. qs delivers a single `$in` item as a
 * string and an array as an array, so both are accepted.
 */
export type FieldKind = 'string' | 'datetime'
export type FieldGetters<T> = Record<string, { kind: FieldKind; get: (item: T) => unknown }>
type Predicate<T> = (item: T) => boolean

const DAY_MS = 86_400_000

export function compileFilters<T>(
  filters: unknown,
  fields: FieldGetters<T>,
  options: { now: number; errorCode: ErrorCode; where: string },
): Predicate<T> {
  if (filters === undefined || filters === null) return () => true
  if (typeof filters !== 'object' || Array.isArray(filters)) throw bad(options, `${options.where} must be an object`)
  const predicates: Predicate<T>[] = []
  let junction = 'and'
  for (const [field, spec] of Object.entries(filters as Record<string, unknown>)) {
    if (field === 'junction') {
      junction = String(spec).toLowerCase()
      if (junction !== 'and' && junction !== 'or') throw bad(options, `${options.where}.junction must be "and" or "or"`)
      continue
    }
    const getter = fields[field]
    if (!getter) throw bad(options, `${options.where}.${field} is not a supported filter (use ${Object.keys(fields).join(', ')})`)
    const conditions = (spec as { conditions?: unknown } | null)?.conditions
    if (!conditions || typeof conditions !== 'object') throw bad(options, `${options.where}.${field}.conditions must be an object`)
    for (const [op, value] of Object.entries(conditions)) {
      predicates.push(condition(getter, op, value, options, `${options.where}.${field}.conditions.${op}`))
    }
  }
  if (predicates.length === 0) return () => true
  return junction === 'or' ? (item) => predicates.some((p) => p(item)) : (item) => predicates.every((p) => p(item))
}

function condition<T>(
  getter: FieldGetters<T>[string],
  op: string,
  raw: unknown,
  options: { now: number; errorCode: ErrorCode; where: string },
  where: string,
): Predicate<T> {
  const get = getter.get
  const list = (Array.isArray(raw) ? raw : [raw]).map(String)
  const text = (item: T): string | undefined => {
    const value = get(item)
    return value === undefined || value === null ? undefined : String(value)
  }
  switch (op) {
    case '$has_value':
      return (item) => text(item) !== undefined
    case '$is_unknown':
      return (item) => text(item) === undefined
  }
  if (getter.kind === 'datetime') return dateCondition(text, op, list, options, where)
  switch (op) {
    case '$in':
      return (item) => list.includes(text(item) ?? '\u0000')
    case '$not_in':
      return (item) => !list.includes(text(item) ?? '\u0000')
    case '$is':
      return (item) => text(item) === list[0]
    case '$is_not':
      return (item) => text(item) !== list[0]
    case '$starts_with':
      return (item) => text(item)?.startsWith(list[0]) ?? false
    case '$ends_with':
      return (item) => text(item)?.endsWith(list[0]) ?? false
    case '$contains':
      return (item) => text(item)?.includes(list[0]) ?? false
    case '$not_contain':
      return (item) => !(text(item)?.includes(list[0]) ?? false)
    default:
      throw bad(options, `${where} is not a string operator`)
  }
}

function dateCondition<T>(
  text: (item: T) => string | undefined,
  op: string,
  list: string[],
  options: { now: number; errorCode: ErrorCode; where: string },
  where: string,
): Predicate<T> {
  const time = (item: T): number => Date.parse(text(item) ?? '')
  const limit = (): number => {
    // The vendor's example sends `$after` as an array of one timestamp, its schema as a string: take the first.
    const ms = Date.parse(list[0])
    if (Number.isNaN(ms)) throw bad(options, `${where} must be an ISO 8601 date-time, got "${list[0]}"`)
    return ms
  }
  const days = (): number => {
    const n = Number(list[0])
    if (!Number.isInteger(n) || n < 0) throw bad(options, `${where} must be a non-negative integer (days)`)
    return n
  }
  switch (op) {
    case '$after': {
      const ms = limit()
      return (item) => time(item) > ms
    }
    case '$before': {
      const ms = limit()
      return (item) => time(item) < ms
    }
    case '$more_than': {
      const cutoff = options.now - days() * DAY_MS
      return (item) => time(item) < cutoff
    }
    case '$less_than': {
      const cutoff = options.now - days() * DAY_MS
      return (item) => time(item) > cutoff
    }
    default:
      throw bad(options, `${where} is not a date-time operator`)
  }
}

const bad = (options: { errorCode: ErrorCode }, details: string): ApiError => new ApiError(options.errorCode, details)
