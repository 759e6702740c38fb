import type { ControlRoute, ControlRoutes } from '../control-call.js'
import type { MockDeps } from '../../engine/mock-deps.js'
import { ApiError } from '../../engine/errors.js'

/** `POST|GET /sandboxes`: create (201, with the sandbox's keys) and list. What a sandbox is lives in SandboxRegistry. */
export function sandboxRoutes(deps: Pick<MockDeps, 'sandboxes'>): ControlRoutes {
  return {
    'POST /sandboxes': () => ({ status: 201, body: deps.sandboxes.create() }),
    'GET /sandboxes': () => ({ status: 200, body: { sandboxes: deps.sandboxes.list() } }),
  }
}

const ONE = /^\/sandboxes\/([^/]+)(\/reset)?$/

/** `GET|DELETE /sandboxes/{id}` and `POST /sandboxes/{id}/reset` (the route table has no path parameters). */
export function sandboxRouteFor(deps: Pick<MockDeps, 'sandboxes'>, method: string, path: string): ControlRoute | undefined {
  const found = ONE.exec(path)
  if (!found) return undefined
  const id = decodeSegment(found[1])
  if (found[2]) return method === 'POST' ? () => ({ status: 200, body: deps.sandboxes.reset(id) }) : undefined
  if (method === 'GET') return () => ({ status: 200, body: deps.sandboxes.get(id) })
  if (method === 'DELETE') {
    return () => {
      deps.sandboxes.delete(id)
      return { status: 204 }
    }
  }
  return undefined
}

/** A path segment as sent; a malformed escape (`%ZZ`) is the client's mistake, not the mock's. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError('INVALID_PATH_PARAMS', `sandboxId: "${segment}" is not a valid percent-encoded path segment`)
  }
}
