import type { HandlerContext, OperationHandlers, OperationRequest } from '../types.js'
import { checkoutProject } from './checkout-project.js'
import { redeemCheckout, validateCheckout, type CheckoutBody, type CheckoutContext } from './checkout-service.js'

const contextOf = (req: OperationRequest, { deps }: HandlerContext): CheckoutContext => ({
  now: deps.clock.now(),
  ids: deps.ids,
  requestId: req.requestId,
  channelId: req.auth.clientId,
  maxRedeemables: deps.config.maxRedeemables,
})

export const checkoutHandlers = {
  validateStackedDiscounts: (req, ctx) => ({
    status: 200,
    body: validateCheckout(req.body as CheckoutBody, checkoutProject(ctx.project), contextOf(req, ctx)),
  }),
  redeemStackedDiscounts: (req, ctx) => redeemCheckout(req.body as CheckoutBody, checkoutProject(ctx.project), contextOf(req, ctx)),
  getRedemption: ({ params }, { project }) => ({ status: 200, body: project.redemptions.get(params.redemptionId) }),
} satisfies OperationHandlers
