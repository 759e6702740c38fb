import type { OperationInfo } from '../../src/spec/operations.js'
import type { CheckContext } from '../check.js'
import { deepEqual } from '../context.js'
import type { RequestSpec } from '../http-client.js'
import { listItems } from '../list-shapes.js'

/**
 * How to see whether a request changed anything: the GET of the same path (the resource itself, or the list
 * it creates into), else of the nearest parent path (`/rollback` → the redemption). Undefined when the spec
 * has no such read.
 */
export function readBackOf(op: OperationInfo, operations: readonly OperationInfo[]): OperationInfo | undefined {
  if (op.method === 'GET') return undefined
  const segments = op.path.split('/')
  for (let end = segments.length; end > 2; end--) {
    const path = segments.slice(0, end).join('/')
    const read = operations.find((o) => o.method === 'GET' && o.path === path)
    if (read && read.pathParamNames.every((n) => op.pathParamNames.includes(n))) return read
  }
  return undefined
}

/** What a read shows of the state: a list by its total and ids, anything else as it is. */
export async function snapshot(ctx: CheckContext, read: OperationInfo, params: Record<string, string>, auth: RequestSpec['auth']): Promise<unknown> {
  const path = read.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
  const ex = await ctx.client.send({ operationId: read.operationId, method: 'GET', path, auth, query: read.parameters.some((p) => p.name === 'limit') ? { limit: 100 } : undefined })
  const { status, body } = ex.response
  // An error (e.g. 404 for an unknown id) is compared by status and key: its request_id differs every time.
  if (status >= 300) return { status, key: body?.key }
  const items = listItems(body)
  return { status, state: items ? { total: body?.total, ids: items.map((i: any) => i?.id) } : body }
}

export const sameState = deepEqual
