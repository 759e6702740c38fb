import type { MockDeps } from '../engine/mock-deps.js'
import type { HandlerResult, NetworkFault, OperationRequest } from '../engine/handler-types.js'
import { parsePrefer, preferredAnswer } from './prefer.js'

/**
 * What answers a request instead of its handler, checked after auth and request validation, so the
 * handler never runs and nothing changes: a `reset` or `hang` network fault (carried out by the Node
 * layer, mock/engine/pipeline/network-faults.ts), else the answer a `Prefer` header picks (mock/control/prefer.ts).
 */
export function answerInsteadOfHandler(deps: Pick<MockDeps, 'faults' | 'validator'>, request: OperationRequest): HandlerResult | undefined {
  const { operationId } = request
  if (deps.faults.size > 0) {
    for (const action of ['reset', 'hang'] as const) {
      const fault = deps.faults.take(operationId, action, undefined, request)
      if (fault) return { status: 200, network: { action, ms: fault.ms } }
    }
  }
  if (request.headers.prefer === undefined) return undefined
  const preference = parsePrefer(request.headers.prefer)
  const operation = preference && deps.validator.operation(operationId)
  return operation ? preferredAnswer(deps.validator, operation, preference, request.requestId) : undefined
}

/** An armed `abort` fault for this request: the handler runs, and its answer is cut off mid-body. */
export function abortAfterHandler(deps: Pick<MockDeps, 'faults'>, request: OperationRequest): NetworkFault | undefined {
  if (deps.faults.size === 0) return undefined
  return deps.faults.take(request.operationId, 'abort', undefined, request) ? { action: 'abort' } : undefined
}
