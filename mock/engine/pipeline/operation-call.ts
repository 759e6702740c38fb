import type { MockDeps } from '../mock-deps.js'
import { ApiError } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import type { AuthContext, HandlerResult, OperationRequest } from '../handler-types.js'
import type { OperationPlan } from './operation-plan.js'
import { documentedError } from '../../control/prefer.js'
import { abortAfterHandler, answerInsteadOfHandler } from '../../control/request-overrides.js'
import { checkCustomAnswer, handlerContext } from './custom-answers.js'

const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function'

/** What each creating operation adds to, and how many there are now. */
const OBJECT_COUNTS: Record<string, (p: ProjectState, deps: Pick<MockDeps, 'tokens'>) => [string, number]> = {
  createCampaign: (p) => ['campaigns per project', p.campaigns.size],
  createCategory: (p) => ['categories per project', p.categories.size],
  exportCampaignTransactions: (p) => ['exports per project', p.exports.list().length],
  redeemStackedDiscounts: (p) => ['redemptions per project', p.redemptions.size],
  createOAuthToken: (_p, deps) => ['access tokens', deps.tokens.size],
}

/** Step 5: /v1 callers act on their credentials' project; management callers on the path's project. */
export function projectFor(deps: Pick<MockDeps, 'projects'>, auth: AuthContext, params: Record<string, unknown>): ProjectState {
  if (auth.scheme === 'managementKeys' && typeof params.projectId === 'string') {
    // a sandbox's management keys see no other project
    const project = auth.projectId && auth.projectId !== params.projectId ? undefined : deps.projects.get(params.projectId)
    if (!project) {
      throw new ApiError('NOT_FOUND', `Cannot find project with id ${params.projectId}`, {
        message: 'Cannot find project',
        resourceId: params.projectId,
        resourceType: 'project',
      })
    }
    return project
  }
  const project = auth.projectId ? deps.projects.get(auth.projectId) : deps.projects.all()[0]
  if (!project) throw new ApiError('UNAUTHORIZED', 'The credentials belong to no project of this server')
  return project
}

/** A runaway client cannot grow the state without bound: creating past `maxObjects` is a clear 400. */
function refusePastObjectLimit(deps: Pick<MockDeps, 'config' | 'tokens'>, operationId: string, project: ProjectState): void {
  const counted = OBJECT_COUNTS[operationId]
  if (!counted) return
  const [kind, count] = counted(project, deps)
  const max = deps.config.maxObjects
  if (count < max) return
  throw new ApiError('OBJECT_LIMIT', `This mock holds at most ${max} ${kind} (maxObjects, flag --max-objects); delete some or reset the mock`)
}

/**
 * Step 7: the handler, after an armed status fault (which answers instead of it) and the object
 * limit. A forced success status also overrides a domain error (e.g. a 200 where a duplicate must get 409).
 * The whole deps: a handler's context carries them (HandlerContext.deps), so any handler may touch any state.
 */
export function callHandler(deps: MockDeps, plan: OperationPlan, request: OperationRequest, project: ProjectState): HandlerResult | Promise<HandlerResult> {
  const instead = answerInsteadOfHandler(deps, request)
  if (instead) return instead
  const forced = deps.faults.take(plan.operationId, 'status', undefined, request)
  if (forced && (forced.status ?? 500) >= 400) {
    const code = forced.status ?? 500
    throw documentedError(deps.validator, deps.validator.operation(plan.operationId), code, `Injected fault: ${plan.operationId} answers ${code}`)
  }
  if (!plan.handler) throw new ApiError('NOT_IMPLEMENTED', `The mock has no handler for ${plan.operationId} yet`)
  refusePastObjectLimit(deps, plan.operationId, project)
  const status = forced?.status
  const network = abortAfterHandler(deps, request)
  const override = (result: HandlerResult): HandlerResult => (status || network ? { ...result, ...(status ? { status } : {}), network } : result)
  // a user's handler is held to the spec by what it answered itself, before a fault changes the status
  const finish = (answer: HandlerResult): HandlerResult => override(plan.checkAnswers ? checkCustomAnswer(deps.validator, plan.operationId, answer) : answer)
  const recover = (error: unknown): HandlerResult => {
    if (status && status < 400 && error instanceof ApiError) return override({ status, body: error.toBody(request.requestId) })
    throw error
  }
  let outcome: HandlerResult | PromiseLike<HandlerResult>
  try {
    const handler = plan.handler
    const ctx = handlerContext(deps, plan, request, project)
    outcome = deps.changes ? deps.changes.operation(request, project, () => handler(request, ctx)) : handler(request, ctx)
  } catch (error) {
    return recover(error)
  }
  // a user's handler may return any thenable, not only a native promise
  return isThenable(outcome) ? Promise.resolve(outcome).then(finish, recover) : finish(outcome)
}
