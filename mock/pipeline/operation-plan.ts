import type { OperationInfo } from '../../src/spec/operations.js'
import { planSecurity, type SecurityRequirementPlan } from '../auth/security-plan.js'
import type { MockDeps } from '../deps.js'
import type { OperationId } from '../typed-handlers.js'
import type { OperationHandler, OperationHandlers } from '../types.js'
import { requestBodyDefaults } from '../handlers.js'

/** What the pipeline needs to know about one operation, worked out on its first request. */
export interface OperationPlan {
  operationId: string
  security: SecurityRequirementPlan[]
  /** Media types the request body may have; undefined when the operation takes no body. */
  bodyTypes?: string[]
  handler?: OperationHandler
  /** Fills defaults into the body before it is validated (mock/handlers.ts, requestBodyDefaults). */
  bodyDefaults?: (body: unknown) => unknown
}

export function createPlanner(deps: MockDeps, handlers: OperationHandlers): (operation: OperationInfo) => OperationPlan {
  const plans = new Map<string, OperationPlan>()
  const schemes = (deps.spec.components?.securitySchemes ?? {}) as Record<string, { type?: string; in?: string; name?: string }>
  return (operation) => {
    let plan = plans.get(operation.operationId)
    if (!plan) {
      plan = {
        operationId: operation.operationId,
        security: planSecurity(operation.security, schemes),
        bodyTypes: bodyTypes(operation),
        handler: handlers[operation.operationId as OperationId] as OperationHandler | undefined,
        bodyDefaults: requestBodyDefaults[operation.operationId as OperationId],
      }
      plans.set(operation.operationId, plan)
    }
    return plan
  }
}

const bodyTypes = (operation: OperationInfo): string[] | undefined => operation.requestBody?.contentTypes.map((t) => t.toLowerCase())
