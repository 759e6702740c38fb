import { errorBody, type ErrorBody } from '../../engine/errors.js'
import type { Redemption } from '../redemptions/redemption-store.js'
import type { CheckoutBody, CheckoutOutcome, Inapplicable, ItemOutcome } from './checkout-model.js'
import type { CheckoutContext, CheckoutProject } from './checkout-context.js'
import { redemptionBase } from './redemption-base.js'
import { orderView } from './result-views.js'

export interface FailureInput {
  body: CheckoutBody
  outcome: CheckoutOutcome
  project: CheckoutProject
  ctx: CheckoutContext
  trackingId: string
}

type Failed = Extract<ItemOutcome, { status: 'INAPPLICABLE' }>

/** The redemption's `failure_code`: the real service's code for not found is resource_not_found. */
const failureCode = (reason: Inapplicable): string => reason.detailsKey ?? reason.key

/**
 * A redemption that cannot go through changes no balance or counter, but the real service keeps a trace
 * (real-service-notes §8.5): a parent redemption with result FAILURE and status FAILED, and one failed child
 * per inapplicable voucher or tier, each with its failure_code. The answer is the first reason's error.
 */
export function recordFailedRedemption(input: FailureInput): { status: Inapplicable['code']; body: ErrorBody } {
  const { body, outcome, project, ctx } = input
  const failed = outcome.items.filter((o): o is Failed => o.status === 'INAPPLICABLE')
  // PARTIAL mode with nothing applicable but nothing inapplicable either (all skipped): say why
  const first: Inapplicable = failed[0]?.reason ?? {
    key: 'invalid_redeemables',
    message: 'No redeemable applies',
    details: 'Every redeemable was skipped under the project stacking rules',
    code: 400,
  }
  const customer = project.customers.peek(body.customer)
  const order = orderView(body.order, outcome, { customerId: customer?.id ?? null })
  const base = redemptionBase(body, ctx, { customer, order, trackingId: input.trackingId }, 'FAILURE')
  const parentId = ctx.ids.next('r')
  const parent: Redemption = {
    id: parentId,
    ...base,
    redemption: null,
    related_object_type: 'redemption',
    related_object_id: parentId,
    failure_code: failureCode(first),
    failure_message: first.details,
  }
  project.redemptions.add(parent)
  for (const { request, reason } of failed) {
    const common = { id: ctx.ids.next('r'), ...base, redemption: parentId, failure_code: failureCode(reason), failure_message: reason.details }
    if (request.object === 'voucher') {
      const v = request.voucher
      const voucher = v ? { id: v.id, code: v.code, campaign: v.campaign_name, campaign_id: v.campaign_id, type: v.type, object: 'voucher' as const } : undefined
      project.redemptions.add({ ...common, related_object_type: 'voucher', related_object_id: v?.id ?? request.id, ...(voucher ? { voucher } : {}) })
    } else if (request.object === 'promotion_tier') {
      const t = request.tier
      const tier = t ? { id: t.id, name: t.name, campaign: { id: t.campaign_id }, object: 'promotion_tier' as const } : undefined
      project.redemptions.add({ ...common, related_object_type: 'promotion_tier', related_object_id: request.id, ...(tier ? { promotion_tier: tier } : {}) })
    }
  }
  return { status: first.code, body: errorBody(first, first.code, ctx.requestId) }
}
