import type { components } from '../../../src/types/openapi.js'
import { ApiError } from '../../engine/errors.js'

/** A project's stacking rules as the validation response reports them. */
export type StackingRules = components['schemas']['StackingRules']

/**
 * The real service's defaults (real-service-notes §5). `redeemables_limit` stays the real 30: the mock's
 * per-call maximum (5 by default, `--max-redeemables`) caps it in what a call applies and reports.
 */
export const DEFAULT_STACKING_RULES: StackingRules = {
  redeemables_limit: 30,
  applicable_redeemables_limit: 5,
  applicable_redeemables_per_category_limit: 1,
  applicable_exclusive_redeemables_limit: 1,
  applicable_exclusive_redeemables_per_category_limit: 1,
  applicable_redeemables_category_limits: {},
  exclusive_categories: [],
  joint_categories: [],
  redeemables_application_mode: 'ALL',
  redeemables_sorting_rule: 'REQUESTED_ORDER',
  redeemables_products_application_mode: 'STACK',
  redeemables_no_effect_rule: 'REDEEM_ANYWAY',
  no_effect_skip_categories: [],
  no_effect_redeem_anyway_categories: [],
  redeemables_rollback_order_mode: 'WITH_ORDER',
}

/** The rules one call works with: the project's, with redeemables_limit capped by the mock's per-call maximum. */
export function effectiveRules(rules: StackingRules, maxPerCall: number): StackingRules {
  return { ...rules, redeemables_limit: Math.min(rules.redeemables_limit, maxPerCall) }
}

const ENUMS: Partial<Record<keyof StackingRules, readonly string[]>> = {
  redeemables_sorting_rule: ['CATEGORY_HIERARCHY', 'REQUESTED_ORDER'],
  redeemables_application_mode: ['ALL', 'PARTIAL'],
  redeemables_products_application_mode: ['STACK', 'ONCE'],
  redeemables_no_effect_rule: ['REDEEM_ANYWAY', 'SKIP'],
  redeemables_rollback_order_mode: ['WITH_ORDER', 'WITHOUT_ORDER'],
}

// The real service's ranges (StackingRules schema).
const RANGES: Partial<Record<keyof StackingRules, [number, number]>> = {
  redeemables_limit: [1, 30],
  applicable_redeemables_limit: [1, 30],
  applicable_redeemables_per_category_limit: [1, 30],
  applicable_exclusive_redeemables_limit: [1, 5],
  applicable_exclusive_redeemables_per_category_limit: [1, 5],
}

const CATEGORY_LISTS = ['exclusive_categories', 'joint_categories', 'no_effect_skip_categories', 'no_effect_redeem_anyway_categories'] as const

const bad = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)
const inRange = (value: unknown, [min, max]: [number, number]): boolean => Number.isInteger(value) && (value as number) >= min && (value as number) <= max

/**
 * Checks a patch of the rules (control API and fixtures) against the real service's schema and the
 * rules it states between fields; `current` is what the patch applies to. Unknown fields are refused.
 */
export function checkStackingRules(patch: Record<string, unknown>, current: StackingRules = DEFAULT_STACKING_RULES): Partial<StackingRules> {
  for (const field of Object.keys(patch)) {
    if (!Object.hasOwn(DEFAULT_STACKING_RULES, field)) throw bad(`${field}: not a stacking rule`)
  }
  for (const [field, allowed] of Object.entries(ENUMS)) {
    if (patch[field] !== undefined && !allowed.includes(patch[field] as string)) throw bad(`${field}: must be one of ${allowed.join(', ')}`)
  }
  for (const [field, range] of Object.entries(RANGES)) {
    if (patch[field] !== undefined && !inRange(patch[field], range)) throw bad(`${field}: must be an integer from ${range[0]} to ${range[1]}`)
  }
  for (const field of CATEGORY_LISTS) {
    const list = patch[field]
    if (list !== undefined && (!Array.isArray(list) || list.some((id) => typeof id !== 'string'))) throw bad(`${field}: must be an array of category ids`)
  }
  const limits = patch.applicable_redeemables_category_limits
  if (limits !== undefined) {
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) throw bad('applicable_redeemables_category_limits: must be an object of category id → limit')
    for (const [id, limit] of Object.entries(limits)) {
      if (!inRange(limit, [1, 10])) throw bad(`applicable_redeemables_category_limits.${id}: must be an integer from 1 to 10`)
    }
  }
  const next = { ...current, ...(patch as Partial<StackingRules>) }
  if (next.applicable_redeemables_limit > next.redeemables_limit) {
    throw bad('applicable_redeemables_limit: must not be greater than redeemables_limit')
  }
  const overlap = next.no_effect_skip_categories.find((id) => next.no_effect_redeem_anyway_categories.includes(id))
  if (overlap) throw bad(`no_effect_skip_categories and no_effect_redeem_anyway_categories both list ${overlap}`)
  return patch as Partial<StackingRules>
}
