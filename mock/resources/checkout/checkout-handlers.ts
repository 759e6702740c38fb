import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { HandlerContext, OperationRequest } from '../../engine/handler-types.js'
import type { CheckoutBody } from './checkout-model.js'
import { checkoutProject } from './checkout-project.js'
import { redeemCheckout, validateCheckout, type CheckoutContext } from './checkout-service.js'

/** What checkout reads of a request: the same for the server API and the browser API (/client/v1). */
type CheckoutRequest = Pick<OperationRequest, 'requestId' | 'auth'> & { body: CheckoutBody }

const contextOf = (req: CheckoutRequest, { deps }: HandlerContext): CheckoutContext => ({
  now: deps.clock.now(),
  ids: deps.ids,
  requestId: req.requestId,
  channelId: req.auth.clientId,
  maxRedeemables: deps.config.maxRedeemables,
})

/** POST /v1/validations and /client/v1/validations. */
export const validateStacked = (req: CheckoutRequest, ctx: HandlerContext) => ({
  status: 200 as const,
  body: validateCheckout(req.body, checkoutProject(ctx.project), contextOf(req, ctx)),
})

/** POST /v1/redemptions and /client/v1/redemptions. */
export const redeemStacked = (req: CheckoutRequest, ctx: HandlerContext) => redeemCheckout(req.body, checkoutProject(ctx.project), contextOf(req, ctx))

export const checkoutHandlers = {
  validateStackedDiscounts: validateStacked,
  redeemStackedDiscounts: redeemStacked,
  getRedemption: ({ params }, { project }) => ({ status: 200, body: project.redemptions.get(params.redemptionId) }),
} satisfies TypedHandlers<'validateStackedDiscounts' | 'redeemStackedDiscounts' | 'getRedemption'>
