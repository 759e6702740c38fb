import { toIso } from '../../../src/clock.js'
import type { CustomerRecord } from '../customers/customer-store.js'
import type { Redemption } from '../redemptions/redemption-store.js'
import type { CheckoutBody, OrderView } from './checkout-model.js'
import type { CheckoutContext } from './checkout-context.js'

export type RedemptionBase = Pick<
  Redemption,
  'object' | 'date' | 'customer_id' | 'tracking_id' | 'metadata' | 'result' | 'status' | 'order' | 'channel' | 'customer'
>

/** The fields every redemption of one call shares, parent and children, succeeded or failed. */
export function redemptionBase(
  body: CheckoutBody,
  ctx: CheckoutContext,
  found: { customer: CustomerRecord | undefined; order: OrderView; trackingId: string },
  outcome: 'SUCCESS' | 'FAILURE',
): RedemptionBase {
  return {
    object: 'redemption',
    date: toIso(ctx.now),
    customer_id: found.customer?.id ?? null,
    tracking_id: found.trackingId,
    metadata: body.metadata ?? null,
    result: outcome,
    status: outcome === 'SUCCESS' ? 'SUCCEEDED' : 'FAILED',
    order: found.order,
    channel: { channel_id: ctx.channelId, channel_type: 'API' },
    customer: found.customer ? { ...found.customer } : null,
  }
}
