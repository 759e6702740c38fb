import type { DiscountDef, OrderInput, OrderItemInput, OrderTotals } from './checkout-model.js'

/**
 * What an order-level discount takes off `base` (the order amount still to pay when it is applied): PERCENT
 * rounds to the smallest unit and stops at `amount_limit`; AMOUNT stops at the base; FIXED leaves
 * `fixed_amount` to pay. Never negative, never more
 * than the base, so totals cannot go below zero.
 */
export function discountAmount(discount: DiscountDef | null | undefined, base: number): number {
  if (!discount || base <= 0) return 0
  let amount = 0
  if (discount.type === 'PERCENT') {
    amount = Math.round((base * (discount.percent_off ?? 0)) / 100)
    if (discount.amount_limit !== undefined && discount.amount_limit !== null) amount = Math.min(amount, discount.amount_limit)
  } else if (discount.type === 'AMOUNT') {
    amount = discount.amount_off ?? 0
  } else if (discount.type === 'FIXED') {
    // the order ends at fixed_amount; an order already below it gets nothing
    amount = base - (discount.fixed_amount ?? base)
  }
  return clamp(amount, base)
}

export const clamp = (amount: number, base: number): number => Math.max(0, Math.min(Math.floor(amount), base))

/** An item's amount: as sent, else price × quantity. */
export function itemAmount(item: OrderItemInput): number {
  if (typeof item.amount === 'number') return item.amount
  if (typeof item.price === 'number') return item.price * (item.quantity ?? 1)
  return 0
}

/** The order's amount as the real service reads it: `amount` when sent, else the sum of its items. */
export function orderAmount(order: OrderInput | undefined): number {
  if (!order) return 0
  if (typeof order.amount === 'number') return order.amount
  return (order.items ?? []).reduce((sum, item) => sum + itemAmount(item), 0)
}

/**
 * Totals after `applied` was taken off at order level in this call. A discount the client already put on
 * the order (`order.discount_amount`) counts in discount_amount but not in applied_discount_amount.
 */
export function orderTotals(order: OrderInput | undefined, applied: number): OrderTotals {
  const amount = orderAmount(order)
  const previous = Math.max(0, Math.min(order?.discount_amount ?? 0, amount))
  const discount = Math.min(previous + applied, amount)
  return {
    amount,
    initial_amount: amount,
    discount_amount: discount,
    items_discount_amount: 0,
    total_discount_amount: discount,
    total_amount: amount - discount,
    applied_discount_amount: discount - previous,
    items_applied_discount_amount: 0,
    total_applied_discount_amount: discount - previous,
  }
}
