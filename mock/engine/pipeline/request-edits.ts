import type { FaultRegistry } from '../../control/faults.js'
import type { RequestInFlight } from './core-request.js'
import { editBody, editNamed } from './fault-edits.js'
import type { ReadBody } from './operation-steps.js'

/**
 * Armed edits of the request's query and headers, carried out before the mock reads them: what a proxy in
 * front of a deployment does when it drops a header or rewrites a query parameter. Auth, validation and the
 * handler then see the edited request, as the deployment behind such a proxy would.
 */
export function editRequest(faults: FaultRegistry, operationId: string, exchange: RequestInFlight): void {
  const query = faults.edits(operationId, 'request.query')
  if (query.length > 0) {
    const params = new URLSearchParams(exchange.search)
    for (const edit of query) {
      if (edit.action === 'set') params.set(edit.name ?? '', String(edit.value))
      else params.delete(edit.name ?? '')
    }
    exchange.search = params.toString()
  }
  const headers = faults.edits(operationId, 'request.headers')
  if (headers.length > 0) exchange.request = { ...exchange.request, headers: editNamed(exchange.request.headers, headers, true) }
}

/** Armed edits of the request's body (JSON or a form, as parsed), before it is validated. */
export function editRequestBody(faults: FaultRegistry, operationId: string, read: ReadBody): ReadBody {
  const edits = faults.edits(operationId, 'request.body')
  return edits.length === 0 ? read : { ...read, body: editBody(read.body, edits) }
}
