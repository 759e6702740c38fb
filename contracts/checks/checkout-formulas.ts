/**
 * The checkout arithmetic the API documents, written out independently of any implementation (the suite must
 * not share the engine it tests): what a discount takes off a cart, per item and for the order. Amounts are
 * integers in the smallest currency unit. Sources: spec/openapi.yaml (PercentDiscountCreate, AmountDiscountCreate,
 * FixedDiscountCreate, UnitDiscountCreate), spec/checkout.yaml (OrderCalculated) and the real service's
 * Discount schema (notes §2.1).
 */

export interface CartItem {
  source_id: string
  related_object: 'product'
  quantity: number
  price: number
  amount: number
}

export type Discount =
  | { type: 'PERCENT'; percent_off: number; amount_limit?: number; effect: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' }
  | { type: 'AMOUNT'; amount_off: number; effect: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | 'APPLY_TO_ITEMS_BY_QUANTITY' | 'APPLY_TO_ITEMS_PROPORTIONALLY' }
  | { type: 'FIXED'; fixed_amount: number; effect: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' }
  | { type: 'UNIT'; unit_off: number; unit_type: string; effect: 'ADD_MISSING_ITEMS' }

/** What a discount does to the cart: the order-level part, each item's part, and the units it adds. */
export interface Expected {
  /** Order-level discount (`discount_amount`). */
  order: number
  /** Item-level discount per item of the cart, in cart order (`items[i].discount_amount`). */
  items: number[]
  /** A product the discount adds to the cart (free units of a product that was not in it). */
  added?: { source_id: string; quantity: number }
}

const item = (source_id: string, quantity: number, price: number): CartItem => ({ source_id, related_object: 'product', quantity, price, amount: quantity * price })

/** The cart every arithmetic check sends: two lines of different quantities and prices. */
export const CART: readonly CartItem[] = [item('pk-shirt', 2, 4000), item('pk-cap', 1, 1500)]
export const CART_AMOUNT = CART.reduce((sum, i) => sum + i.amount, 0)

const percentOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100)
const capped = (value: number, limit: number | undefined): number => (limit === undefined ? value : Math.min(value, limit))
const none = (cart: readonly CartItem[]): number[] => cart.map(() => 0)

/** Splits `total` over `weights` in proportion; only totals that divide exactly are used, so no rounding rule is assumed. */
function proportional(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  return weights.map((w) => (total * w) / sum)
}

/** The documented effect of `discount` on `cart` (whose amount is `amount`). */
export function expectedDiscount(discount: Discount, cart: readonly CartItem[], amount: number): Expected {
  switch (discount.type) {
    case 'PERCENT':
      // amount_limit caps the order's discount, or with APPLY_TO_ITEMS each item's (PercentDiscountCreate).
      if (discount.effect === 'APPLY_TO_ORDER') return { order: capped(percentOf(amount, discount.percent_off), discount.amount_limit), items: none(cart) }
      return { order: 0, items: cart.map((i) => capped(percentOf(i.amount, discount.percent_off), discount.amount_limit)) }
    case 'AMOUNT':
      if (discount.effect === 'APPLY_TO_ORDER') return { order: Math.min(discount.amount_off, amount), items: none(cart) }
      if (discount.effect === 'APPLY_TO_ITEMS') return { order: 0, items: cart.map((i) => Math.min(discount.amount_off, i.amount)) }
      if (discount.effect === 'APPLY_TO_ITEMS_BY_QUANTITY') return { order: 0, items: cart.map((i) => Math.min(discount.amount_off * i.quantity, i.amount)) }
      return { order: 0, items: proportional(discount.amount_off, cart.map((i) => i.amount)) }
    case 'FIXED':
      // The order, or each unit, ends at fixed_amount; what already costs less is left alone.
      if (discount.effect === 'APPLY_TO_ORDER') return { order: Math.max(0, amount - discount.fixed_amount), items: none(cart) }
      return { order: 0, items: cart.map((i) => Math.max(0, i.price - discount.fixed_amount) * i.quantity) }
    case 'UNIT': {
      // unit_off units of unit_type free; ADD_MISSING_ITEMS adds the units the cart lacks.
      const inCart = cart.findIndex((i) => i.source_id === discount.unit_type)
      if (inCart < 0) return { order: 0, items: none(cart), added: { source_id: discount.unit_type, quantity: discount.unit_off } }
      const units = Math.min(discount.unit_off, cart[inCart].quantity)
      return { order: 0, items: cart.map((i, n) => (n === inCart ? units * i.price : 0)) }
    }
  }
}

/**
 * A per-line item discount (APPLY_TO_ITEMS, BY_QUANTITY, FIXED on items) on a cart whose `excluded` items a
 * validation rule's applicable_to leaves out: those items get nothing off, the others what they would anyway.
 */
export function withoutExcluded(expected: Expected, cart: readonly CartItem[], excluded: readonly string[]): Expected {
  return { ...expected, items: expected.items.map((amount, n) => (excluded.includes(cart[n].source_id) ? 0 : amount)) }
}
