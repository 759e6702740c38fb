/** A project's stacking rules as the validation response reports them (spec/checkout.yaml StackingRules). */
export interface StackingRules {
  redeemables_limit: number
  applicable_redeemables_limit: number
  applicable_redeemables_per_category_limit: number
  applicable_exclusive_redeemables_limit: number
  applicable_redeemables_category_limits: Record<string, number>
  exclusive_categories: string[]
  joint_categories: string[]
  redeemables_application_mode: 'ALL' | 'PARTIAL'
  redeemables_sorting_rule: 'CATEGORY_HIERARCHY' | 'REQUESTED_ORDER'
  redeemables_products_application_mode: 'STACK' | 'ONCE'
  redeemables_no_effect_rule: 'REDEEM_ANYWAY' | 'SKIP'
  no_effect_skip_categories: string[]
  no_effect_redeem_anyway_categories: string[]
  redeemables_rollback_order_mode: 'WITH_ORDER' | 'WITHOUT_ORDER'
}

/**
 * The real service's defaults (real-service-notes §5), except redeemables_limit: 5 is the seed's
 * per-call limit. The mock enforces the application mode ALL, the sorting rule and the applicable
 * limit; the category and exclusivity limits are reported, not enforced.
 */
export const DEFAULT_STACKING_RULES: StackingRules = {
  redeemables_limit: 5,
  applicable_redeemables_limit: 5,
  applicable_redeemables_per_category_limit: 5,
  applicable_exclusive_redeemables_limit: 1,
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
