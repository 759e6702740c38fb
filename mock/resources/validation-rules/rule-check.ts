import type { Inapplicable, OrderInput, ResolvedRedeemable } from '../checkout/checkout-model.js'
import type { Redemption } from '../redemptions/redemption-store.js'
import { ruleHolds, type RuleFacts } from './rule-eval.js'
import { evalLogic } from './rule-logic.js'
import type { CompiledRule, ValidationRuleStore } from './rule-store.js'

/** What checking a redeemable's validation rules reads from the project. */
export interface RuleSources {
  validationRules: ValidationRuleStore
  /** Rule ids a campaign (and one of its tiers) got on create through `validation_rules`. */
  assignedOnCreate(campaignId: string, tierId?: string): string[]
  redemptions: { list(): Redemption[] }
}

export interface RuleCallFacts {
  order?: OrderInput
  customerId?: string
  customerMetadata?: Record<string, unknown>
}

/**
 * Returns the checker the engine runs after a redeemable's own rules: the first assigned validation
 * rule it breaks makes it INAPPLICABLE with `redemption_rules_violated` and the rule's error message.
 * Rule ids no rule has (fixtures may name absent rules) are ignored.
 */
export function ruleChecker(sources: RuleSources, call: RuleCallFacts): (item: ResolvedRedeemable) => Inapplicable | undefined {
  if (sources.validationRules.size === 0) return () => undefined
  let history: Redemption[] | undefined
  const successes = (): Redemption[] => (history ??= sources.redemptions.list().filter((r) => r.result === 'SUCCESS' && r.redemption !== null))
  return (item) => {
    for (const target of targetsOf(item)) {
      const ids = new Set([...sources.validationRules.rulesOf(target.objectIds), ...sources.assignedOnCreate(target.campaignId, target.tierId)])
      for (const id of ids) {
        const rule = sources.validationRules.compiled(id)
        if (!rule) continue
        const facts: RuleFacts = {
          order: call.order,
          customerMetadata: call.customerMetadata,
          customerRedemptions: () => (call.customerId ? successes().filter((r) => r.customer_id === call.customerId && target.objectIds.includes(r.related_object_id)).length : 0),
          campaignRedemptions: () => successes().filter((r) => campaignOf(r) === target.campaignId).length,
          campaignDiscounted: () => successes().filter((r) => campaignOf(r) === target.campaignId).reduce((sum, r) => sum + (r.amount ?? 0), 0),
        }
        if (!holds(rule, facts)) return violated(rule, target.objectIds[0])
      }
    }
    return undefined
  }
}

const holds = (rule: CompiledRule, facts: RuleFacts): boolean => evalLogic(rule.logic, (ref) => ruleHolds(rule.conditions.get(ref)!, facts))

interface Target {
  objectIds: string[]
  campaignId: string
  tierId?: string
}

/** The objects whose rules apply: a voucher and its campaign; a tier and its campaign; each tier of a stack. */
export function targetsOf(item: ResolvedRedeemable): Target[] {
  if (item.object === 'voucher') {
    const v = item.voucher
    return v ? [{ objectIds: [v.id, v.code, v.campaign_id], campaignId: v.campaign_id }] : []
  }
  const tiers = item.object === 'promotion_tier' ? [item.tier] : (item.stack?.tiers ?? [])
  return tiers.flatMap((t) => (t ? [{ objectIds: [t.id, t.campaign_id], campaignId: t.campaign_id, tierId: t.id }] : []))
}

function campaignOf(r: Redemption): string | undefined {
  return r.voucher?.campaign_id ?? r.promotion_tier?.campaign?.id
}

function violated(rule: CompiledRule, objectId: string): Inapplicable {
  const custom = rule.view.error?.message
  return {
    key: 'redemption_rules_violated',
    message: 'Redemption rules violated',
    details: `${objectId} does not meet validation rule ${rule.view.id} (${rule.view.name})`,
    code: 400,
    resourceType: 'validation_rule',
    resourceId: rule.view.id,
    ...(custom !== undefined ? { ruleMessage: custom } : {}),
  }
}
