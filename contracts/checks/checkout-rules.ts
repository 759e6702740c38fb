import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { getPointer } from '../../src/json-pointer.js'
import { expectCalculatedOrder } from './checkout-arithmetic.js'
import { CART, CART_AMOUNT, expectedDiscount, withoutExcluded, type Discount } from './checkout-formulas.js'
import { expectInapplicable, findItem, validate } from './checkout-support.js'
import { createCampaign, early, enc } from './support.js'

export const MINIMUM = 5000
const OFF = 500
const MESSAGE = 'Spend at least 50.00 to use this promotion'

export const atLeast = (amount: number) => ({ 1: { name: 'order.amount', conditions: { $more_than_or_equal: [amount] } }, logic: '1' })

/** A rule of the run's own, kept (the API cannot delete rules); by default "order amount at least MINIMUM" (the spec's own example). */
export async function ownRule(ctx: CheckContext, label = 'minimum-order', extra: object = { rules: atLeast(MINIMUM), error: { message: MESSAGE } }): Promise<string> {
  const body = { name: ctx.name(label), ...extra }
  const rule = await ctx.call({ operationId: 'createValidationRule', method: 'POST', path: '/v1/validation-rules', body }, { status: 200 })
  ctx.expectThat(rule, '/id', (id) => typeof id === 'string' && id.startsWith('val_'), 'a val_ id')
  ctx.cleanup.keep(`validation rule ${rule.response.body.id} (${body.name})`)
  return rule.response.body.id
}

/** The rule's own error text, when the answer carries it (Error.error.message, or the item's details.message). */
function expectRuleMessage(ctx: CheckContext, ex: Exchange, at: string): void {
  const pointer = getPointer(ex.response.body, `${at}/result/error/error/message`) !== undefined ? `${at}/result/error/error/message` : `${at}/result/details/message`
  ctx.expectThat(ex, pointer, (m) => m === undefined || typeof m === 'string', 'a message')
  if (pointer.endsWith('/error/error/message')) ctx.expectField(ex, pointer, MESSAGE, 'error.message is the text set in the validation rule (real service §1.3)')
}

/** A promotion tier of the run's own applying `discount`, with rule `ruleId` assigned to it. */
async function guardedTier(ctx: CheckContext, label: string, discount: Discount | object, ruleId: string): Promise<string> {
  const tier = { name: `Rule-guarded ${label}`, banner: label, action: { discount } }
  const created = await createCampaign(ctx, 'PROMOTION', label, { body: { promotion: { tiers: [tier] } } })
  const tierId: string = created.response.body.promotion?.tiers?.[0]?.id
  const assignment = { related_object_type: 'promotion_tier', related_object_id: tierId }
  const assigned = await ctx.call({ operationId: 'createValidationRuleAssignment', method: 'POST', path: `/v1/validation-rules/${enc(ruleId)}/assignments`, body: assignment }, { status: 200 })
  ctx.expectField(assigned, '/rule_id', ruleId)
  ctx.expectField(assigned, '/related_object_id', tierId)
  return tierId
}

const ITEMS_DISCOUNT: Discount = { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ITEMS' }
const EXCLUDED = [CART[1].source_id]

/**
 * Validation rules are enforced where assigned (issue 25 §1): a rule requiring an order of MINIMUM, assigned to
 * the run's own promotion tier, makes a smaller order's validation invalid (the tier INAPPLICABLE,
 * redemption_rules_violated, no discount), and a large enough order's valid with the tier's discount.
 */
export const checkoutRuleChecks: Check[] = [{
  id: 'checkout.validation-rule-enforced',
  title: 'a validation rule assigned to a tier: an order below its minimum is refused (redemption_rules_violated), one that meets it applies',
  operationIds: ['createValidationRule', 'createCampaign', 'createValidationRuleAssignment', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 7,
  value: 3,
  shares: { changes: ['campaign-list', 'validation-rules'] },
  prepare: async (ctx) => guardedTier(ctx, 'rule-guarded', { type: 'AMOUNT', amount_off: OFF, effect: 'APPLY_TO_ORDER' }, await ownRule(ctx)),
  async run(ctx) {
    const tierId = await ctx.prepared<string>()
    const item = { object: 'promotion_tier', id: tierId }

    // Two validations (they change nothing), side by side; judged in turn.
    const pendingMeets = early(validate(ctx, { redeemables: [item], order: { amount: MINIMUM } }))
    const below = await validate(ctx, { redeemables: [item], order: { amount: MINIMUM - 1000 } })
    ctx.expectField(below, '/valid', false, `an order of ${MINIMUM - 1000} breaks the rule (at least ${MINIMUM})`)
    expectInapplicable(ctx, below, tierId, ['redemption_rules_violated'], 'a tier whose validation rule is not met')
    expectRuleMessage(ctx, below, findItem(below, tierId)!)
    if (below.response.body.order !== undefined) ctx.expectThat(below, '/order/total_amount', (t) => t === MINIMUM - 1000, String(MINIMUM - 1000), 'a refused tier takes nothing off')

    const meets = await pendingMeets
    ctx.expectField(meets, '/valid', true, `an order of ${MINIMUM} meets the rule`)
    ctx.expectField(meets, '/redeemables/0/status', 'APPLICABLE')
    ctx.expectField(meets, '/order/total_amount', MINIMUM - OFF, 'the tier applies its discount once the rule is met')
  },
}, {
  id: 'checkout.excluded-items',
  title: 'an item-level discount whose validation rule excludes a product (applicable_to.excluded) leaves that item undiscounted',
  operationIds: ['createValidationRule', 'createCampaign', 'createValidationRuleAssignment', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 6,
  value: 2,
  shares: { changes: ['campaign-list', 'validation-rules'] },
  async prepare(ctx) {
    const applicable_to = { excluded: EXCLUDED.map((source_id) => ({ object: 'product', source_id })) }
    return guardedTier(ctx, 'excluded-items', ITEMS_DISCOUNT, await ownRule(ctx, 'excluded-items', { rules: atLeast(0), applicable_to }))
  },
  async run(ctx) {
    const tierId = await ctx.prepared<string>()
    const ex = await validate(ctx, { redeemables: [{ object: 'promotion_tier', id: tierId }], order: { amount: CART_AMOUNT, items: CART.map((i) => ({ ...i })) } })
    ctx.expectField(ex, '/valid', true, 'the rule holds for any order: the tier applies')
    expectCalculatedOrder(ctx, ex, withoutExcluded(expectedDiscount(ITEMS_DISCOUNT, CART, CART_AMOUNT), CART, EXCLUDED))
  },
}]
