import type { CheckContext } from '../check.js'

/**
 * Query values promokit's spec documents for its mock beyond what the real service documents: sent to the mock
 * only. The real service's `order` of List Campaigns is `created_at`, `-created_at`, `updated_at`, `-updated_at`
 * (real-service-notes §2.2); a deployment that follows it may refuse `name` or ignore it, and neither is a defect.
 */
const MOCK_ONLY_ORDERS: Readonly<Record<string, readonly string[]>> = {
  listCampaigns: ['name', '-name'],
}

/** Whether `order` is promokit's mock's own for the list `operationId`. */
export const isMockOnlyOrder = (operationId: string, order: string): boolean => MOCK_ONLY_ORDERS[operationId]?.includes(order) ?? false

/** The orders of a list worth sending to this target: all the spec documents against the mock, the real service's elsewhere. */
export const ordersToSend = (ctx: Pick<CheckContext, 'isMock'>, operationId: string, orders: readonly string[]): string[] =>
  ctx.isMock ? [...orders] : orders.filter((order) => !isMockOnlyOrder(operationId, order))
