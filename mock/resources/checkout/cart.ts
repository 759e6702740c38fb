import type { CartLine, OrderInput, OrderItemInput, OrderTotals } from './checkout-model.js'

export type { CartLine }
import { clamp, itemAmount, orderAmount } from './money.js'

/**
 * The order being discounted: what is left to pay at order level and per item. Every take is clamped
 * to what is left, so no item and no order total can go below zero.
 */
export class Cart {
  readonly lines: CartLine[]
  private readonly initial: number
  private readonly previous: number
  private added = 0
  private orderApplied = 0
  private itemsApplied = 0

  constructor(order: OrderInput | undefined) {
    this.initial = orderAmount(order)
    this.previous = Math.max(0, Math.min(order?.discount_amount ?? 0, this.initial))
    this.lines = (order?.items ?? []).map((item) => {
      const amount = itemAmount(item)
      const quantity = typeof item.quantity === 'number' ? item.quantity : 1
      const price = typeof item.price === 'number' ? item.price : quantity > 0 ? Math.floor(amount / quantity) : 0
      return { item, price, quantity, initialQuantity: quantity, amount, initialAmount: amount, discount: 0, discountQuantity: 0, added: false }
    })
  }

  /** The order amount, including units a UNIT discount added. */
  get amount(): number {
    return this.initial + this.added
  }

  /** What is still to pay after every discount so far. */
  remaining(): number {
    return Math.max(0, this.amount - this.previous - this.orderApplied - this.itemsApplied)
  }

  /** Takes up to `wanted` off the order as a whole; returns what was taken. */
  takeOffOrder(wanted: number): number {
    const taken = clamp(wanted, this.remaining())
    this.orderApplied += taken
    return taken
  }

  /** Takes up to `wanted` off one item (never more than the item or the order has left). */
  takeOffLine(line: CartLine, wanted: number): number {
    const taken = clamp(Math.min(wanted, line.amount - line.discount), this.remaining())
    line.discount += taken
    this.itemsApplied += taken
    return taken
  }

  /** Raises an item's quantity (a UNIT discount adding missing units): the order grows by their price. */
  addUnits(line: CartLine, units: number): void {
    line.quantity += units
    line.amount += units * line.price
    this.added += units * line.price
  }

  /** Adds an item a UNIT discount gives; its price is that of the same product or SKU in the cart, if any. */
  addLine(unitType: string, units: number, price: number): CartLine {
    const ref: OrderItemInput = unitType.startsWith('sku_')
      ? { sku_id: unitType, related_object: 'sku' }
      : { product_id: unitType, related_object: 'product' }
    const line: CartLine = { item: ref, price, quantity: 0, initialQuantity: 0, amount: 0, initialAmount: 0, discount: 0, discountQuantity: 0, added: true }
    this.lines.push(line)
    this.addUnits(line, units)
    return line
  }

  totals(): OrderTotals {
    const discount = this.previous + this.orderApplied
    const total = Math.min(discount + this.itemsApplied, this.amount)
    return {
      amount: this.amount,
      initial_amount: this.initial,
      discount_amount: discount,
      items_discount_amount: this.itemsApplied,
      total_discount_amount: total,
      total_amount: this.amount - total,
      applied_discount_amount: this.orderApplied,
      items_applied_discount_amount: this.itemsApplied,
      total_applied_discount_amount: this.orderApplied + this.itemsApplied,
    }
  }
}

/** A line matches a UNIT discount's `unit_type` by product, SKU or source id. */
export function matchesUnit(line: CartLine, unitType: string): boolean {
  const { item } = line
  const nested = (value: unknown): unknown => (value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined)
  return item.product_id === unitType || item.sku_id === unitType || item.source_id === unitType || nested(item.product) === unitType || nested(item.sku) === unitType
}
