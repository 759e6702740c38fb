import { matchesUnit, type Cart, type CartLine } from './cart.js'
import type { Applied, DiscountDef } from './checkout-model.js'
import { discountAmount } from './money.js'

/** Effects that act on order items rather than on the order total (real-service-notes §2.1). */
const ITEM_EFFECTS: ReadonlySet<string> = new Set(['APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY', 'APPLY_TO_ITEMS_BY_QUANTITY'])

/** Which cart lines an item-level discount may touch (validation rules narrow it; all by default). */
export type LineFilter = (line: CartLine) => boolean

const everyLine: LineFilter = () => true

/**
 * Applies one discount to the cart. Order-level effects take off what is left to pay; item-level ones
 * take off each applicable item (what is left of it), capped per item by `amount_limit` (PERCENT) and
 * over all items by `aggregated_amount_limit`; UNIT makes units free, adding them when the effect says so.
 */
export function applyDiscount(cart: Cart, discount: DiscountDef | null | undefined, applies: LineFilter = everyLine): Applied {
  if (!discount) return { amount: 0 }
  if (discount.type === 'UNIT') return items(freeUnits(cart, discount))
  if (!ITEM_EFFECTS.has(discount.effect ?? '')) return { amount: cart.takeOffOrder(discountAmount(discount, cart.remaining())) }
  const lines = cart.lines.filter((line) => !line.added && applies(line))
  const wanted = wantedPerLine(discount, lines)
  let cap = discount.aggregated_amount_limit ?? Number.POSITIVE_INFINITY
  let taken = 0
  lines.forEach((line, i) => {
    const amount = cart.takeOffLine(line, Math.min(wanted[i], cap))
    cap -= amount
    taken += amount
  })
  return items(taken)
}

const items = (amount: number): Applied => ({ amount, itemsAmount: amount })
const left = (line: CartLine): number => line.amount - line.discount

function wantedPerLine(d: DiscountDef, lines: CartLine[]): number[] {
  switch (d.type) {
    case 'PERCENT':
      return lines.map((line) => {
        const amount = Math.round((left(line) * (d.percent_off ?? 0)) / 100)
        return d.amount_limit === undefined || d.amount_limit === null ? amount : Math.min(amount, d.amount_limit)
      })
    case 'FIXED':
      // each unit ends at fixed_amount
      return lines.map((line) => Math.max(0, left(line) - (d.fixed_amount ?? 0) * line.quantity))
    case 'AMOUNT': {
      const off = d.amount_off ?? 0
      if (d.effect === 'APPLY_TO_ITEMS') return lines.map(() => off)
      if (d.effect === 'APPLY_TO_ITEMS_BY_QUANTITY') return lines.map((line) => off * line.quantity)
      const byQuantity = d.effect === 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY'
      return share(off, lines.map((line) => (byQuantity ? line.quantity : left(line))), lines.map(left))
    }
    default:
      return lines.map(() => 0)
  }
}

/**
 * Splits `total` in proportion to `weights`, in whole units (largest remainders get the odd units), never
 * above a line's `room`; what a full line cannot take goes to the next lines with room.
 */
export function share(total: number, weights: number[], room: number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0)
  const out = weights.map(() => 0)
  if (sum <= 0 || total <= 0) return out
  const target = Math.min(total, room.reduce((a, b) => a + Math.max(0, b), 0))
  const exact = weights.map((w) => (target * Math.max(0, w)) / sum)
  exact.forEach((x, i) => (out[i] = Math.min(Math.floor(x), room[i])))
  let rest = target - out.reduce((a, b) => a + b, 0)
  const order = exact.map((x, i) => i).sort((a, b) => (exact[b] % 1) - (exact[a] % 1))
  // two passes: first one unit to each largest remainder, then whatever is left wherever there is room
  for (const i of order) {
    if (rest <= 0) break
    if (out[i] < room[i]) {
      out[i]++
      rest--
    }
  }
  for (const i of order) {
    if (rest <= 0) break
    const more = Math.min(rest, room[i] - out[i])
    out[i] += more
    rest -= more
  }
  return out
}

/** UNIT discounts: the single form is one rule; ADD_MANY_ITEMS lists several in `units`. */
function freeUnits(cart: Cart, d: DiscountDef): number {
  const rules = d.units?.length ? d.units : d.unit_type ? [{ unit_off: d.unit_off, unit_type: d.unit_type, effect: d.effect }] : []
  let taken = 0
  for (const rule of rules) taken += freeUnitsOf(cart, rule.unit_type, Math.max(0, Math.floor(rule.unit_off ?? 1)), rule.effect)
  return taken
}

/**
 * ADD_NEW_ITEMS always adds the free units as a new item; ADD_MISSING_ITEMS adds them only when the cart
 * has fewer; otherwise (ADD_SAME_ITEMS) only units already in the cart become free.
 */
function freeUnitsOf(cart: Cart, unitType: string, units: number, effect: string | undefined): number {
  if (units === 0) return 0
  const existing = cart.lines.find((line) => !line.added && matchesUnit(line, unitType))
  let line = existing
  if (effect === 'ADD_NEW_ITEMS' || (effect === 'ADD_MISSING_ITEMS' && !existing)) {
    line = cart.addLine(unitType, units, existing?.price ?? 0)
  } else if (effect === 'ADD_MISSING_ITEMS' && existing && existing.quantity < units) {
    cart.addUnits(existing, units - existing.quantity)
  }
  if (!line) return 0
  const free = Math.min(units, line.quantity - line.discountQuantity)
  line.discountQuantity += free
  return cart.takeOffLine(line, free * line.price)
}
