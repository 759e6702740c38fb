import { ApiError, type ErrorCode } from '../../engine/errors.js'
import { dateCondition, flagCondition, stringCondition, type Read } from './conditions.js'

/**
 * The real service's `filters` vocabulary (notes §1.4), one engine for every list and export that takes
 * it: `{junction?, <field>: {conditions: {$op: value}}}`. The real service documents some fields with
 * the operators directly under the field (`active`, the export's `created_at`), so both shapes are read.
 * qs delivers a single `$in` item as a string, an array as an array (or an object past 20 items).
 */
export type Predicate<T> = (item: T) => boolean

export type FilterField<T> =
  | {
    kind: 'string'
    get: (item: T) => string | null | undefined
    /** Allowed values for `$is`/`$in`/...: a value outside them is a 400 naming the condition. */
    values?: readonly string[]
    /** Values compared in upper case (`TRUE`/`true`). */
    upper?: boolean
    /** Only these operators make sense for the field. */
    ops?: readonly string[]
  }
  | { kind: 'datetime'; get: (item: T) => number | string | null | undefined }
  | {
    /** Empty-object flags (`status`, `active`): an item matches if any flag given holds for it. */
    kind: 'flags'
    flags: Readonly<Record<string, (item: T, now: number) => boolean>>
  }
  | { kind: 'custom'; compile: (op: string, value: unknown, where: string) => Predicate<T> }

export type FilterFields<T> = Readonly<Record<string, FilterField<T>>>

export interface FilterOptions {
  now: number
  errorCode: ErrorCode
  /** Where the filters came from: `filters` (a query deepObject) or `parameters.filters` (a body). */
  where: string
  style: 'query' | 'body'
}

export interface Condition {
  field: string
  op: string
  value: unknown
}

export interface CompiledFilters<T> {
  junction: 'and' | 'or'
  /** One per condition, in the order sent (a flags field counts as one). */
  predicates: Predicate<T>[]
  /** The conditions as sent, so a caller can plan (look names up instead of scanning). */
  conditions: Condition[]
  matches: Predicate<T>
}

export function compileFilters<T>(filters: unknown, fields: FilterFields<T>, options: FilterOptions): CompiledFilters<T> {
  const none: CompiledFilters<T> = { junction: 'and', predicates: [], conditions: [], matches: () => true }
  if (filters === undefined || filters === null || filters === '') return none
  const path = pathOf(options)
  if (typeof filters !== 'object' || Array.isArray(filters)) {
    throw bad(options, `${options.where}: must be an object, e.g. ${path('campaigns', 'conditions', '$is')}=value`)
  }
  const junctionSent = (filters as Record<string, unknown>).junction
  const junction = junctionSent === undefined ? 'and' : String(junctionSent).toLowerCase()
  if (junction !== 'and' && junction !== 'or') throw bad(options, `${path('junction')}: must be "and" or "or", got "${String(junctionSent)}"`)
  const compiled: CompiledFilters<T> = { junction, predicates: [], conditions: [], matches: () => true }
  for (const [name, raw] of Object.entries(filters as Record<string, unknown>)) {
    if (name === 'junction') continue
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined
    if (!field) throw bad(options, `${path(name)}: unknown filter; known: ${Object.keys(fields).join(', ')}`)
    const conditions = conditionsOf(raw, path(name), path(name, 'conditions', '$is'), options)
    if (field.kind === 'flags') {
      compiled.predicates.push(flagCondition(field.flags, Object.keys(conditions), options.now, (op) => path(name, 'conditions', op), (d) => bad(options, d)))
      compiled.conditions.push(...Object.keys(conditions).map((op) => ({ field: name, op, value: conditions[op] })))
      continue
    }
    for (const [op, value] of Object.entries(conditions)) {
      const where = path(name, 'conditions', op)
      const fail = (details: string): ApiError => bad(options, details)
      compiled.predicates.push(
        field.kind === 'string'
          ? stringCondition(field as Read<T>, op, value, where, fail)
          : field.kind === 'datetime'
            ? dateCondition(field.get, op, value, where, options.now, fail)
            : field.compile(op, value, where),
      )
      compiled.conditions.push({ field: name, op, value })
    }
  }
  const { predicates } = compiled
  if (predicates.length > 0) {
    compiled.matches = junction === 'or' ? (item) => predicates.some((p) => p(item)) : (item) => predicates.every((p) => p(item))
  }
  return compiled
}

/** `{conditions: {...}}` or the operators directly under the field; at least one operator. */
function conditionsOf(raw: unknown, at: string, example: string, options: FilterOptions): Record<string, unknown> {
  const object = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  if (!object(raw)) throw bad(options, `${at}: expected conditions, e.g. ${example}=value`)
  const conditions = Object.hasOwn(raw, 'conditions') ? raw.conditions : raw
  if (!object(conditions) || Object.keys(conditions).length === 0) throw bad(options, `${at}: needs at least one operator, e.g. ${example}=value`)
  return conditions
}

/** The path of a condition in the caller's own notation: `filters[a][conditions][$is]` or `parameters.filters.a.conditions.$is`. */
function pathOf(options: FilterOptions): (...parts: string[]) => string {
  return options.style === 'query'
    ? (...parts) => `${options.where}${parts.map((p) => `[${p}]`).join('')}`
    : (...parts) => [options.where, ...parts].join('.')
}

const bad = (options: { errorCode: ErrorCode }, details: string): ApiError => new ApiError(options.errorCode, details)
