import { compilePathTemplate, type OperationInfo } from '../spec/operations.js'

/** What routing needs of an operation: its method and the spec's path template. */
export interface RoutedOperation {
  method: string
  path: string
}

export type RouteMatch<Op extends RoutedOperation = OperationInfo> =
  | { operation: Op; params: Record<string, string> }
  | { methodNotAllowed: string[] }

interface Route<Op> {
  pattern: RegExp
  names: string[]
  /** One char per segment, 0 literal / 1 parameter: sorting on it puts literal segments first. */
  rank: string
  byMethod: Map<string, Op>
}

/**
 * Maps `METHOD /concrete/path` to its operation; a literal segment beats a parameter at the same position.
 * The one router from spec paths: the mock's pipeline and validator, and the suite's test wrapper.
 */
export class RouteTable<Op extends RoutedOperation = OperationInfo> {
  readonly #routes: Route<Op>[]

  constructor(operations: readonly Op[]) {
    const byPath = new Map<string, Route<Op>>()
    for (const op of operations) {
      let route = byPath.get(op.path)
      if (!route) {
        const rank = op.path.split('/').map((s) => (s.includes('{') ? '1' : '0')).join('')
        const { pattern, names } = compilePathTemplate(op.path)
        route = { pattern, names, rank, byMethod: new Map() }
        byPath.set(op.path, route)
      }
      route.byMethod.set(op.method.toUpperCase(), op)
    }
    this.#routes = [...byPath.values()].sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
  }

  match(method: string, rawPath: string): RouteMatch<Op> | undefined {
    const path = normalise(rawPath)
    const upper = method.toUpperCase()
    let firstAllowed: string[] | undefined
    for (const route of this.#routes) {
      const found = route.pattern.exec(path)
      if (!found) continue
      // HEAD is GET without the body (RFC 9110 §9.3.2): Node's server drops the body of a HEAD answer.
      const operation = route.byMethod.get(upper) ?? (upper === 'HEAD' ? route.byMethod.get('GET') : undefined)
      if (operation) return { operation, params: paramsOf(route, found) }
      firstAllowed ??= route.byMethod.has('GET') ? [...route.byMethod.keys(), 'HEAD'] : [...route.byMethod.keys()]
    }
    return firstAllowed ? { methodNotAllowed: firstAllowed } : undefined
  }
}

function normalise(path: string): string {
  const q = path.indexOf('?')
  let p = q >= 0 ? path.slice(0, q) : path
  // Express (non-strict routing) serves /v1/campaigns/ as /v1/campaigns; so do we.
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

function paramsOf(route: Route<unknown>, found: RegExpExecArray): Record<string, string> {
  const params: Record<string, string> = {}
  for (let i = 0; i < route.names.length; i++) params[route.names[i]] = decode(found[i + 1])
  return params
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
