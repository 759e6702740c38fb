import type { Exchange } from './http-client.js'
import type { CheckStatus, RunReport } from './types.js'

/** What differs between two targets for one check. */
export type DriftKind = 'check' | 'status' | 'field' | 'enum' | 'total'

export interface DriftDifference {
  kind: DriftKind
  /** The request (operation) whose answers differ; absent for the check's outcome. */
  operationId?: string
  /** Field path with array items as `*`, e.g. `/campaigns/*\/categories`. */
  pointer?: string
  a: unknown
  b: unknown
}

export interface DriftReport {
  a: { baseUrl: string; summary: RunReport['summary'] }
  b: { baseUrl: string; summary: RunReport['summary'] }
  checks: { id: string; a: CheckStatus; b: CheckStatus; differences: DriftDifference[] }[]
}

/** Exchanges per check id, as recorded during a run (the runner tags each exchange with its check). */
export type ExchangesByCheck = Map<string, Exchange[]>

/** Fields whose values come from a fixed set: a different value is drift, not data. */
const ENUM_FIELD = /^(object|status|result|key|channel|junction|type|campaign_type|voucher_type|data_ref|[a-z_]+_(type|status))$/
const MAX_VALUES = 8

/**
 * One suite run on each of two targets, compared check by check and, for the requests a check sent to both,
 * answer by answer: the status, fields present in one only, values of enum-like fields, list totals. Ids,
 * names and timestamps differ between any two targets and are not reported.
 */
export function compareRuns(a: RunReport, aExchanges: ExchangesByCheck, b: RunReport, bExchanges: ExchangesByCheck): DriftReport {
  const bResults = new Map(b.results.map((r) => [r.id, r]))
  const checks: DriftReport['checks'] = []
  for (const ra of a.results) {
    const rb = bResults.get(ra.id)
    if (!rb) continue
    const differences: DriftDifference[] = []
    if (ra.status !== rb.status) differences.push({ kind: 'check', a: outcome(ra), b: outcome(rb) })
    const left = aExchanges.get(ra.id) ?? []
    const right = bExchanges.get(ra.id) ?? []
    // Pair the n-th request of an operation on one side with the n-th of the same operation on the other.
    const nth = new Map<string, number>()
    for (const ex of left) {
      const n = nth.get(ex.operationId) ?? 0
      nth.set(ex.operationId, n + 1)
      const other = right.filter((o) => o.operationId === ex.operationId)[n]
      if (other && ex.operationId !== '_mock') differences.push(...compareAnswers(ex, other))
    }
    if (differences.length) checks.push({ id: ra.id, a: ra.status, b: rb.status, differences: dedupe(differences) })
  }
  return { a: { baseUrl: a.target.baseUrl, summary: a.summary }, b: { baseUrl: b.target.baseUrl, summary: b.summary }, checks }
}

function outcome(r: RunReport['results'][number]): string {
  const why = r.failure?.problems[0]?.message ?? r.reason
  return why ? `${r.status}: ${why}` : r.status
}

export function compareAnswers(a: Exchange, b: Exchange): DriftDifference[] {
  const operationId = a.operationId
  const out: DriftDifference[] = []
  if (a.response.status !== b.response.status) out.push({ kind: 'status', operationId, a: a.response.status, b: b.response.status })
  const fa = flatten(a.response.body)
  const fb = flatten(b.response.body)
  // Only the topmost field missing on a side is reported, and an empty list against a full one is data, not drift.
  const reportable = (pointer: string, other: Map<string, Set<unknown>>): boolean => !pointer.endsWith('/*') && other.has(pointer.slice(0, pointer.lastIndexOf('/')) || '')
  for (const [pointer, values] of fa) {
    const other = fb.get(pointer)
    if (!other) {
      if (reportable(pointer, fb)) out.push({ kind: 'field', operationId, pointer, a: 'present', b: 'absent' })
      continue
    }
    const last = pointer.split('/').at(-1) ?? ''
    if (values.size === 0 || other.size === 0) continue
    if (last === 'total' && !sameSet(values, other)) out.push({ kind: 'total', operationId, pointer, a: first(values), b: first(other) })
    else if (ENUM_FIELD.test(last) && isStrings(values) && isStrings(other) && !sameSet(values, other)) {
      out.push({ kind: 'enum', operationId, pointer, a: [...values].slice(0, MAX_VALUES), b: [...other].slice(0, MAX_VALUES) })
    }
  }
  for (const pointer of fb.keys()) if (!fa.has(pointer) && reportable(pointer, fa)) out.push({ kind: 'field', operationId, pointer, a: 'absent', b: 'present' })
  return out
}

/** Every path of a JSON body (array items as `*`, '' the root): leaf values seen there, an empty set for objects and arrays. */
function flatten(body: unknown): Map<string, Set<unknown>> {
  const out = new Map<string, Set<unknown>>()
  const walk = (value: unknown, path: string): void => {
    const set = out.get(path) ?? new Set()
    out.set(path, set)
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${path}/*`))
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) walk(v, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    } else set.add(value)
  }
  if (body !== null && typeof body === 'object') walk(body, '')
  return out
}

const sameSet = (a: Set<unknown>, b: Set<unknown>): boolean => a.size === b.size && [...a].every((v) => b.has(v))
const isStrings = (s: Set<unknown>): boolean => [...s].every((v) => typeof v === 'string')
const first = (s: Set<unknown>): unknown => [...s][0]

function dedupe(list: DriftDifference[]): DriftDifference[] {
  const seen = new Set<string>()
  return list.filter((d) => {
    const key = `${d.kind} ${d.operationId} ${d.pointer}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** One line per difference, for the console. */
export function describeDifference(d: DriftDifference): string {
  const where = [d.operationId, d.pointer].filter(Boolean).join(' ')
  const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))
  return `${d.kind}${where ? ` ${where}` : ''}: A ${show(d.a)} | B ${show(d.b)}`
}
