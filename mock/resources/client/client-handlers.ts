import { redeemStacked, validateStacked } from '../checkout/checkout-handlers.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'
import { listPromotionTiers } from './promotion-tiers.js'

/**
 * The browser API (`/client/v1`, client-side keys): validations and redemptions are the server
 * API's, on the same project state; what differs is the keys (authenticate) and the origins allowed.
 */
export const clientHandlers = {
  clientValidateStackedDiscounts: validateStacked,
  clientRedeemStackedDiscounts: redeemStacked,
  clientListPromotionTiers: ({ query }, { project, deps }) => ({ status: 200, body: listPromotionTiers(project, query, deps.clock.now()) }),
} satisfies TypedHandlers<'clientValidateStackedDiscounts' | 'clientRedeemStackedDiscounts' | 'clientListPromotionTiers'>
