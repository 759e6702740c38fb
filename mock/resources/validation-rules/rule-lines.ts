import type { CartLine, ResolvedRedeemable } from '../checkout/checkout-model.js'
import type { LineFilter } from '../checkout/item-discounts.js'
import { targetsOf, type RuleSources } from './rule-check.js'

type Entry = Record<string, unknown>

/** The ids and source ids an order item goes by: its own, and those of its product or SKU. */
function namesOf(line: CartLine): { ids: unknown[]; sourceIds: unknown[] } {
  const { item } = line
  return { ids: [item.product_id, item.sku_id, item.product?.id, item.sku?.id], sourceIds: [item.source_id, item.product?.source_id, item.sku?.source_id] }
}

/** An `applicable_to` entry (`{object: product|sku, id?, source_id?}`) names the line by id or source id. */
function names(entry: Entry, line: CartLine): boolean {
  const { ids, sourceIds } = namesOf(line)
  return (entry.id !== undefined && ids.includes(entry.id)) || (entry.source_id !== undefined && sourceIds.includes(entry.source_id))
}

const entries = (value: unknown): Entry[] => (Array.isArray(value) ? value.filter((e): e is Entry => e !== null && typeof e === 'object') : [])

/**
 * The order items an item-level discount of `item` may touch, from the `applicable_to` of the validation
 * rules assigned to it (or its campaign): never an `excluded` product or SKU; when a rule lists `included`
 * ones (and not `included_all`), only those. Undefined when no assigned rule narrows anything.
 */
export function applicableLines(sources: RuleSources, item: ResolvedRedeemable): LineFilter | undefined {
  if (sources.validationRules.size === 0) return undefined
  const excluded: Entry[] = []
  const included: Entry[][] = []
  for (const target of targetsOf(item)) {
    const ids = new Set([...sources.validationRules.rulesOf(target.objectIds), ...sources.assignedOnCreate(target.campaignId, target.tierId)])
    for (const id of ids) {
      const applicable = sources.validationRules.compiled(id)?.view.applicable_to
      if (!applicable) continue
      excluded.push(...entries(applicable.excluded))
      if (!applicable.included_all && entries(applicable.included).length > 0) included.push(entries(applicable.included))
    }
  }
  if (excluded.length === 0 && included.length === 0) return undefined
  return (line) => !excluded.some((e) => names(e, line)) && included.every((list) => list.some((e) => names(e, line)))
}
