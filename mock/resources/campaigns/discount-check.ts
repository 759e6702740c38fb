interface DiscountInput {
  type?: string
  effect?: string
  unit_type?: string
  units?: unknown[]
}

/**
 * Rules of a discount that the schema cannot say: a UNIT discount names its product (`unit_type`) or,
 * with ADD_MANY_ITEMS, lists its `units`. Returns what is wrong (naming the field), if anything.
 */
export function discountProblem(discount: DiscountInput | undefined, path: string): string | undefined {
  if (!discount || discount.type !== 'UNIT') return undefined
  const many = discount.effect === 'ADD_MANY_ITEMS'
  if (many && !(Array.isArray(discount.units) && discount.units.length > 0)) return `${path}.units is required when effect is ADD_MANY_ITEMS`
  if (!many && (typeof discount.unit_type !== 'string' || discount.unit_type === '')) {
    return `${path}.unit_type is required for a UNIT discount (or effect ADD_MANY_ITEMS with units)`
  }
  return undefined
}
