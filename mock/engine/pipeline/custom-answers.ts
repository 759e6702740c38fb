import type { ContractValidator } from '../../../src/validation/validator.js'
import type { MockDeps } from '../mock-deps.js'
import { ApiError } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import type { HandlerContext, HandlerResult, OperationRequest } from '../handler-types.js'
import type { OperationPlan } from './operation-plan.js'

const MAX_LISTED = 5

// Built-in handlers have no default to defer to: one shared function, no closure per request on the hot path.
const noDefault = (): Promise<HandlerResult> => Promise.reject(new ApiError('INTERNAL', 'defaultAnswer() is for handlers passed in the `handlers` option'))

/**
 * What a handler receives besides the request; a user's handler can run the built-in one through `defaultAnswer()`.
 * The whole deps: they are what HandlerContext hands every handler (a built-in or a user's).
 */
export function handlerContext(deps: MockDeps, plan: OperationPlan, request: OperationRequest, project: ProjectState): HandlerContext {
  if (!plan.checkAnswers && plan.builtin === undefined) return { deps, project, defaultAnswer: noDefault }
  const builtin = plan.builtin
  const ctx: HandlerContext = {
    deps,
    project,
    defaultAnswer: async () => {
      if (!builtin) throw new ApiError('NOT_IMPLEMENTED', `The mock has no built-in handler for ${plan.operationId} to defer to`)
      return builtin(request, { deps, project, defaultAnswer: noDefault })
    },
  }
  return ctx
}

/**
 * A user's handler answers what the spec documents for the operation, or the request fails with a 500
 * that names the operation, the status and each field the spec does not allow (`validateHandlers: false`
 * serves such answers unchecked). Bodies in another media type than JSON are the handler's business.
 */
export function checkCustomAnswer(validator: ContractValidator, operationId: string, result: HandlerResult): HandlerResult {
  if (result.contentType !== undefined && !/json/i.test(result.contentType)) return result
  const { valid, violations } = validator.validateResponse(operationId, result.status, result.body)
  if (valid) return result
  const listed = violations.slice(0, MAX_LISTED).map((v) => `${v.pointer || '/'} ${v.message}`)
  const more = violations.length > MAX_LISTED ? `; and ${violations.length - MAX_LISTED} more` : ''
  throw new ApiError(
    'INTERNAL',
    `Your handler for ${operationId} answered ${result.status} with what the spec does not allow: ${listed.join('; ')}${more}. Fix the answer, or pass validateHandlers: false to serve it unchecked`,
    { violations },
  )
}
