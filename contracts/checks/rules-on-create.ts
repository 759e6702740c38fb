import type { Check } from '../check.js'
import type { Exchange } from '../http-client.js'
import { expectInapplicable, validate } from './checkout-support.js'
import { MINIMUM, ownRule } from './checkout-rules.js'
import { createCampaign } from './support.js'

/**
 * Validation rules sent with a campaign are assigned like those assigned later (issue 25 §1, "enforced where
 * assigned"): the seed's Create Campaign takes `validation_rules` on each promotion tier and answers the tier's
 * `validation_rule_assignments`. A tier created with the run's rule "order amount at least MINIMUM" lists that
 * rule among its assignments and is INAPPLICABLE (redemption_rules_violated) for a smaller order.
 */
export const ruleOnCreateChecks: Check[] = [{
  id: 'rules.tier-rules-on-create',
  title: 'a promotion tier created with validation_rules has them assigned and enforced',
  operationIds: ['createValidationRule', 'createCampaign', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 4,
  value: 2,
  shares: { changes: ['campaign-list', 'validation-rules'] },
  // The rule and the campaign are what the check sends before it looks: its preparation (made ahead side by side).
  async prepare(ctx) {
    const ruleId = await ownRule(ctx, 'tier-rule-on-create')
    const tier = { name: 'Rule on create', banner: 'rule-on-create', action: { discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } }, validation_rules: [ruleId] }
    return { ruleId, created: await createCampaign(ctx, 'PROMOTION', 'tier-rule-on-create', { body: { promotion: { tiers: [tier] } } }) }
  },
  async run(ctx) {
    const { ruleId, created } = await ctx.prepared<{ ruleId: string; created: Exchange }>()
    const at = '/promotion/tiers/0/validation_rule_assignments/data'
    ctx.expectThat(created, at, (list) => list === undefined || (Array.isArray(list) && list.some((a: any) => a?.rule_id === ruleId)), `an assignment of ${ruleId} (when the answer lists assignments)`, 'a tier created with validation_rules lists them as assigned')
    const tierId: string = created.response.body.promotion.tiers[0].id
    const below = await validate(ctx, { redeemables: [{ object: 'promotion_tier', id: tierId }], order: { amount: MINIMUM - 1000 } })
    ctx.expectField(below, '/valid', false, `an order of ${MINIMUM - 1000} breaks the rule the tier was created with (at least ${MINIMUM})`)
    expectInapplicable(ctx, below, tierId, ['redemption_rules_violated'], 'a tier whose validation rule (sent on create) is not met')
  },
}]
