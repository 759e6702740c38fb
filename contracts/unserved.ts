import { maskRequest, maskText, toCurl } from './curl.js'
import type { Exchange } from './http-client.js'
import type { SuiteOperation } from './suite-validator.js'
import type { CheckResult, FailureReport } from './types.js'

/**
 * A 404 that means "no route here", not "no such resource". On a path that names a resource (`{id}`) only an
 * Error naming the route as what is missing counts (`resource_type: route`, as the mock answers): any other
 * 404 there is that resource's answer, however malformed (HTML, no key), and stays the check's to judge. On a
 * path that names none (a list, a create) any 404 that names no resource counts: a gateway's or a static file
 * server's page, or JSON without `resource_type`.
 */
export function isNoRoute(exchange: Exchange, operation: SuiteOperation): boolean {
  if (exchange.response.status !== 404) return false
  const body: unknown = exchange.response.body
  const error = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  if (error?.resource_type === 'route') return true
  return !operation.path.includes('{') && error?.resource_type === undefined
}

/**
 * Operations the target does not serve: one problem per operation, listed before every check, and every check
 * that met one is reported the same way (not run, naming the operation), whether it would have failed,
 * skipped or passed on its own.
 */
export class UnservedOperations {
  readonly #operations: Map<string, SuiteOperation>
  readonly #first = new Map<string, Exchange>()
  readonly #byCheck = new Map<string, Set<string>>()

  constructor(operations: readonly SuiteOperation[]) {
    this.#operations = new Map(operations.map((op) => [op.operationId, op]))
  }

  /** Every answer of the run; `checkId` is the check that asked (absent for discovery and cleanup). */
  record(exchange: Exchange, checkId: string | undefined): void {
    const operation = this.#operations.get(exchange.operationId)
    if (!operation || !isNoRoute(exchange, operation)) return
    if (!this.#first.has(operation.operationId)) this.#first.set(operation.operationId, exchange)
    if (checkId) this.#byCheck.set(checkId, (this.#byCheck.get(checkId) ?? new Set()).add(operation.operationId))
  }

  get size(): number {
    return this.#first.size
  }

  /** The run's results with one failure per unserved operation first, and the checks that met one marked not run. */
  apply(results: readonly CheckResult[]): CheckResult[] {
    if (this.#first.size === 0) return [...results]
    const problems = [...this.#first].map(([operationId, exchange]) => this.#problem(operationId, exchange))
    return [...problems, ...results.map((r) => this.#rewrite(r))]
  }

  #rewrite(result: CheckResult): CheckResult {
    const unserved = [...(this.#byCheck.get(result.id) ?? [])]
    if (unserved.length === 0) return result
    const names = unserved.map((op) => `${op} (served.${op})`).join(', ')
    const { failure: _failure, follows: _follows, followsOn: _followsOn, ...rest } = result
    return { ...rest, status: 'skipped', notRun: 'unserved', reason: `not run: the target does not serve ${names}` }
  }

  #problem(operationId: string, exchange: Exchange): CheckResult {
    const operation = this.#operations.get(operationId)!
    const title = `the target serves ${operation.method.toUpperCase()} ${operation.path}`
    const key = typeof exchange.response.body?.key === 'string' ? ` ${exchange.response.body.key}` : ''
    const type = exchange.response.contentType.split(';')[0] || 'no content type'
    const failure: FailureReport = {
      checkId: `served.${operationId}`,
      title,
      operationId,
      curl: toCurl(exchange.request),
      status: 404,
      request: maskRequest(exchange.request),
      response: { status: 404, headers: exchange.response.headers, body: maskText(exchange.response.text).slice(0, 2000) },
      problems: [{
        location: 'status',
        pointer: '',
        keyword: 'no-route',
        message: `the target has no route for ${operationId}: 404${key} (${type}); every check that needs it is not run`,
      }],
    }
    return { id: `served.${operationId}`, title, operationIds: [operationId], status: 'failed', durationMs: 0, failure }
  }
}
