import type { OperationInfo } from '../../../src/spec/operations.js'
import { planSecurity, type SecurityRequirementPlan } from '../auth/security-plan.js'
import type { MockDeps } from '../mock-deps.js'
import type { OperationId } from '../spec-shapes.js'
import type { OperationHandler, OperationHandlers } from '../handler-types.js'
import { requestBodyDefaults } from '../operation-handlers.js'

/** What the pipeline needs to know about one operation, worked out on its first request. */
export interface OperationPlan {
  operationId: string
  security: SecurityRequirementPlan[]
  /** Media types the request body may have; undefined when the operation takes no body. */
  bodyTypes?: string[]
  handler?: OperationHandler
  /** The built-in handler, when a user's handler replaces it (what `ctx.defaultAnswer()` runs). */
  builtin?: OperationHandler
  /** The handler is a user's and its answers are checked against the spec (unless `validateHandlers: false`). */
  checkAnswers: boolean
  /** Fills defaults into the body before it is validated (mock/engine/operation-handlers.ts, requestBodyDefaults). */
  bodyDefaults?: (body: unknown) => unknown
}

/** The mock's own handlers, and a user's that replace or add to them. */
export interface HandlerSet {
  builtin: OperationHandlers
  custom?: OperationHandlers
  /** Check what custom handlers answer against the spec. */
  validate?: boolean
}

export function createPlanner(deps: Pick<MockDeps, 'spec'>, { builtin, custom = {}, validate = true }: HandlerSet): (operation: OperationInfo) => OperationPlan {
  const plans = new Map<string, OperationPlan>()
  const schemes = (deps.spec.components?.securitySchemes ?? {}) as Record<string, { type?: string; in?: string; name?: string }>
  return (operation) => {
    let plan = plans.get(operation.operationId)
    if (!plan) {
      plan = {
        operationId: operation.operationId,
        security: planSecurity(operation.security, schemes),
        bodyTypes: bodyTypes(operation),
        ...handlerOf(operation.operationId as OperationId, builtin, custom, validate),
        bodyDefaults: requestBodyDefaults[operation.operationId as OperationId],
      }
      plans.set(operation.operationId, plan)
    }
    return plan
  }
}

const bodyTypes = (operation: OperationInfo): string[] | undefined => operation.requestBody?.contentTypes.map((t) => t.toLowerCase())

function handlerOf(operationId: OperationId, builtin: OperationHandlers, custom: OperationHandlers, validate: boolean): Pick<OperationPlan, 'handler' | 'builtin' | 'checkAnswers'> {
  const own = builtin[operationId] as OperationHandler | undefined
  const user = Object.hasOwn(custom, operationId) ? (custom[operationId] as OperationHandler | undefined) : undefined
  return user ? { handler: user, builtin: own, checkAnswers: validate } : { handler: own, checkAnswers: false }
}
