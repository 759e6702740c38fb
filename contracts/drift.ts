import type { ContractValidator } from '../src/validation/validator.js'
import { compareAnswers, type Answer, type DifferenceKind } from './compare-answers.js'
import type { Exchange } from './http-client.js'
import type { CheckStatus, RunReport } from './types.js'

/** What differs between two targets for one check: its outcome, or a contract difference of one answer. */
export type DriftKind = 'check' | Exclude<DifferenceKind, 'timing' | 'async-status'>

export interface DriftDifference {
  kind: DriftKind
  /** The request (operation) whose answers differ; absent for the check's outcome. */
  operationId?: string
  /** JSON pointer into the body with list items as `*` (e.g. `/campaigns/*\/categories`), or a header (`/content-type`). */
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

const RATE_LIMIT_HEADER = /^\/x-rate-limit-/

/**
 * One suite run on each of two targets, compared check by check and, for the requests a check sent to both,
 * answer by answer with the one answer comparator (compare-answers.ts) on shapes: what a contract fixes —
 * status, error key, schema validity, fields every object has on one side and none on the other, types,
 * content type and rate-limit headers. Data is not compared: ids, names, timestamps, list totals and lengths,
 * metadata, optional fields set on other objects, async statuses that moved on. The rate-limit headers of
 * a target with a limit are one difference for the run, not one per request.
 */
export function compareRuns(a: RunReport, aExchanges: ExchangesByCheck, b: RunReport, bExchanges: ExchangesByCheck, validator: ContractValidator): DriftReport {
  const bResults = new Map(b.results.map((r) => [r.id, r]))
  const checks: DriftReport['checks'] = []
  const reportedHeaders = new Set<string>()
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
      if (!other || ex.operationId === '_mock') continue
      for (const f of compareAnswers(ex.operationId, answerOf(ex), answerOf(other), validator, true, 'shapes')) {
        if (f.kind === 'timing' || f.kind === 'async-status') continue
        if (f.kind === 'header' && RATE_LIMIT_HEADER.test(f.pointer)) {
          if (reportedHeaders.has(f.pointer)) continue
          reportedHeaders.add(f.pointer)
        }
        differences.push({ kind: f.kind, operationId: ex.operationId, ...(f.pointer ? { pointer: f.pointer } : {}), a: f.recorded, b: f.now })
      }
    }
    if (differences.length) checks.push({ id: ra.id, a: ra.status, b: rb.status, differences: dedupe(differences) })
  }
  return { a: { baseUrl: a.target.baseUrl, summary: a.summary }, b: { baseUrl: b.target.baseUrl, summary: b.summary }, checks }
}

function answerOf(ex: Exchange): Answer {
  const headers = Object.fromEntries(Object.entries(ex.response.headers).map(([name, value]) => [name.toLowerCase(), value]))
  return { status: ex.response.status, headers, body: ex.response.body }
}

function outcome(r: RunReport['results'][number]): string {
  const why = r.failure?.problems[0]?.message ?? r.reason
  return why ? `${r.status}: ${why}` : r.status
}

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
