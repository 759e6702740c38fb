import type { ApiError } from '../../engine/errors.js'

type Predicate<T> = (item: T) => boolean
type Fail = (details: string) => ApiError

/** A string field as the engine reads it (see FilterField). */
export interface Read<T> {
  get: (item: T) => string | null | undefined
  values?: readonly string[]
  upper?: boolean
  ops?: readonly string[]
}

export const STRING_OPS = ['$in', '$not_in', '$is', '$is_not', '$has_value', '$is_unknown', '$starts_with', '$ends_with', '$contains', '$not_contain'] as const
export const DATE_OPS = ['$after', '$before', '$has_value', '$is_unknown', '$more_than', '$less_than'] as const
const DAY_MS = 86_400_000

/** `$in` values: an array, qs's object form of a long array (`{0: .., 1: ..}`), or one value. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'object' && value !== null) return Object.values(value).map(String)
  return [String(value)]
}

/** One value; SDKs and the vendor's examples wrap it in a one-item array, which is read the same. */
function single(value: unknown, where: string, fail: Fail): string {
  const values = listOf(value)
  if (values.length !== 1) throw fail(`${where}: expects one value, got ${values.length}`)
  return values[0]
}

export function stringCondition<T>(field: Read<T>, op: string, value: unknown, where: string, fail: Fail): Predicate<T> {
  const ops = field.ops ?? STRING_OPS
  if (!ops.includes(op)) throw fail(`${where}: unknown operator; use one of ${ops.join(', ')}`)
  const norm = (v: string): string => (field.upper ? v.toUpperCase() : v)
  const at = (item: T): string | undefined => {
    const v = field.get(item)
    return v === undefined || v === null || v === '' ? undefined : norm(v)
  }
  if (op === '$has_value') return (item) => at(item) !== undefined
  if (op === '$is_unknown') return (item) => at(item) === undefined
  const given = op === '$in' || op === '$not_in' ? listOf(value).map(norm) : [norm(single(value, where, fail))]
  const allowed = field.values
  const matching = op === '$is' || op === '$is_not' || op === '$in' || op === '$not_in'
  if (allowed && matching) {
    const wrong = given.find((v) => !allowed.includes(v))
    if (wrong !== undefined) throw fail(`${where}: "${wrong}" is not one of ${allowed.join(', ')}`)
  }
  const one = given[0]
  switch (op) {
    case '$is': return (item) => at(item) === one
    case '$is_not': return (item) => at(item) !== one
    case '$in': { const set = new Set(given); return (item) => set.has(at(item) ?? '\u0000') }
    case '$not_in': { const set = new Set(given); return (item) => !set.has(at(item) ?? '\u0000') }
    case '$starts_with': return (item) => at(item)?.startsWith(one) ?? false
    case '$ends_with': return (item) => at(item)?.endsWith(one) ?? false
    case '$contains': return (item) => at(item)?.includes(one) ?? false
    default: return (item) => !(at(item)?.includes(one) ?? false)
  }
}

export function dateCondition<T>(
  get: (item: T) => number | string | null | undefined,
  op: string,
  value: unknown,
  where: string,
  now: number,
  fail: Fail,
): Predicate<T> {
  const time = (item: T): number | undefined => {
    const v = get(item)
    if (v === undefined || v === null || v === '') return undefined
    const ms = typeof v === 'number' ? v : Date.parse(v)
    return Number.isNaN(ms) ? undefined : ms
  }
  const instant = (): number => {
    const text = single(value, where, fail)
    const ms = Date.parse(text)
    if (Number.isNaN(ms)) throw fail(`${where}: must be an ISO 8601 date-time, got "${text}"`)
    return ms
  }
  const days = (): number => {
    const text = single(value, where, fail)
    const n = Number(text)
    if (text.trim() === '' || !Number.isInteger(n) || n < 0) throw fail(`${where}: must be a whole number of days, got "${text}"`)
    return n * DAY_MS
  }
  switch (op) {
    case '$has_value': return (item) => time(item) !== undefined
    case '$is_unknown': return (item) => time(item) === undefined
    case '$after': { const t = instant(); return (item) => (time(item) ?? -Infinity) > t }
    case '$before': { const t = instant(); return (item) => (time(item) ?? Infinity) < t }
    case '$more_than': { const d = days(); return (item) => { const t = time(item); return t !== undefined && now - t > d } }
    case '$less_than': { const d = days(); return (item) => { const t = time(item); return t !== undefined && now - t < d } }
    default: throw fail(`${where}: unknown operator; use one of ${DATE_OPS.join(', ')}`)
  }
}

/** Flags such as `status[conditions][$active]`: the value is ignored; an item matches if any flag holds. */
export function flagCondition<T>(
  flags: Readonly<Record<string, (item: T, now: number) => boolean>>,
  given: string[],
  now: number,
  where: (flag: string) => string,
  fail: Fail,
): Predicate<T> {
  const tests = given.map((flag) => {
    if (!Object.hasOwn(flags, flag)) throw fail(`${where(flag)}: unknown flag; use one of ${Object.keys(flags).join(', ')}`)
    return flags[flag]
  })
  return (item) => tests.some((test) => test(item, now))
}
