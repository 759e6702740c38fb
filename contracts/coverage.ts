import type { Exchange } from './http-client.js'
import type { SuiteValidator } from './suite-validator.js'
import type { CoverageRow } from './types.js'

/** Collects which (operation, status) pairs the run received, for the coverage table. */
export class CoverageRecorder {
  readonly #seen = new Map<string, Set<number>>()

  record(exchange: Exchange): void {
    let statuses = this.#seen.get(exchange.operationId)
    if (!statuses) this.#seen.set(exchange.operationId, (statuses = new Set()))
    statuses.add(exchange.response.status)
  }

  rows(validator: SuiteValidator): CoverageRow[] {
    return validator.operations.map((op) => {
      const seen = [...(this.#seen.get(op.operationId) ?? [])]
      const documented = Object.keys(op.responses).sort()
      return {
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: op.path,
        statuses: documented.map((status) => ({ status, exercised: seen.some((s) => statusMatches(status, s)) })),
        undocumented: seen.filter((s) => !documented.some((d) => statusMatches(d, s))).sort(),
      }
    })
  }
}

/** OpenAPI response keys: an exact code, a range like `4XX`, or `default`. */
export function statusMatches(documented: string, status: number): boolean {
  if (documented === 'default') return true
  if (/^[1-5]XX$/i.test(documented)) return String(status)[0] === documented[0]
  return documented === String(status)
}

export function coveragePercent(rows: readonly CoverageRow[]): { exercised: number; documented: number } {
  let exercised = 0
  let documented = 0
  for (const row of rows) {
    for (const s of row.statuses) {
      documented++
      if (s.exercised) exercised++
    }
  }
  return { exercised, documented }
}
