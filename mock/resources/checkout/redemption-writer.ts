import type { CustomerRecord } from '../customers/customer-store.js'
import type { Redemption } from '../redemptions/redemption-store.js'
import type { VoucherView } from '../vouchers/voucher-types.js'
import type { CheckoutBody, CheckoutOutcome, ItemOutcome, RedemptionAnswer, TierFacts } from './checkout-model.js'
import type { CheckoutContext, CheckoutProject } from './checkout-context.js'
import { redemptionBase } from './redemption-base.js'
import { itemLists, orderView } from './result-views.js'

export interface RedemptionInput {
  body: CheckoutBody
  outcome: CheckoutOutcome
  project: CheckoutProject
  ctx: CheckoutContext
  customer: CustomerRecord | undefined
  trackingId: string
}

type Applicable = Extract<ItemOutcome, { status: 'APPLICABLE' }>
/** What a child redemption says beyond the call's shared fields. */
type ChildFields = Pick<Redemption, 'amount' | 'voucher' | 'promotion_tier' | 'gift' | 'loyalty_card' | 'reward' | 'related_object_parent_id'>
type Related = Pick<Redemption, 'related_object_type' | 'related_object_id'>

/**
 * Applies a valid outcome: voucher counters, gift and loyalty balances (each with a transaction), tier
 * summaries, referral holders, then the parent redemption and one child per redeemable (per tier for a
 * stack). Every rule was checked just before in the same tick, so none of these writes can be refused.
 */
export function applyRedemption(input: RedemptionInput): RedemptionAnswer {
  const { body, outcome, project, ctx, customer } = input
  const parentId = ctx.ids.next('r')
  const order = orderView(body.order, outcome, { customerId: customer?.id ?? null })
  const base = redemptionBase(body, ctx, { customer, order, trackingId: input.trackingId }, 'SUCCESS')
  const child = (related: Related, extra: ChildFields): Redemption => ({
    id: ctx.ids.next('r'),
    ...base,
    redemption: parentId,
    ...related,
    ...extra,
  })

  const children: Redemption[] = []
  for (const item of outcome.items) {
    if (item.status !== 'APPLICABLE') continue
    children.push(...redeemItem(item, input, child))
  }
  const parent: Redemption = {
    id: parentId,
    ...base,
    amount: outcome.totals.amount,
    redemption: null,
    related_object_type: 'redemption',
    related_object_id: parentId,
  }
  project.redemptions.add(parent)
  for (const c of children) project.redemptions.add(c)
  const { inapplicable_redeemables, skipped_redeemables } = itemLists(outcome, order, ctx.requestId)
  return { redemptions: children, parent_redemption: parent, order, inapplicable_redeemables, skipped_redeemables }
}

type ChildFactory = (related: Related, extra: ChildFields) => Redemption

function redeemItem(item: Applicable, input: RedemptionInput, child: ChildFactory): Redemption[] {
  const { project, outcome } = input
  const request = item.request
  if (request.object === 'promotion_tier' && request.tier) {
    return [redeemTier(request.tier, item.applied.amount, input, child)]
  }
  if (request.object === 'promotion_stack' && request.stack) {
    return (item.applied.tiers ?? []).map(({ tier, amount }) =>
      redeemTier(tier, amount, input, child, { related_object_parent_id: request.stack!.id }),
    )
  }
  if (request.object !== 'voucher' || !request.voucher) return []
  const facts = request.voucher
  let view = project.vouchers.redeem(facts.id)
  const extra: ChildFields = { amount: item.applied.amount }
  // the card's transaction: what was spent and the balance left, beside the order amount
  const recordSpend = (type: 'CREDITS_REDEMPTION' | 'POINTS_REDEMPTION', spent: number, balance: number, details: Record<string, unknown>) =>
    project.transactions.record({
      source_id: input.body.order?.source_id ?? null,
      reason: null,
      voucher_id: facts.id,
      campaign_id: facts.campaign_id,
      type,
      amount: -spent,
      balance,
      details: { order: { amount: outcome.totals.amount }, ...details },
    })
  if (facts.type === 'GIFT_VOUCHER') {
    const credits = item.applied.credits ?? 0
    view = project.vouchers.adjustGiftBalance(facts.id, -credits)
    recordSpend('CREDITS_REDEMPTION', credits, view.gift?.balance ?? 0, {
      balance: { type: 'gift_voucher', total: view.gift?.amount, balance: view.gift?.balance },
    })
    extra.gift = { amount: credits }
  }
  if (facts.type === 'LOYALTY_CARD') {
    const points = item.applied.points ?? 0
    view = project.vouchers.adjustLoyaltyPoints(facts.id, -points)
    recordSpend('POINTS_REDEMPTION', points, view.loyalty_card?.balance ?? 0, { reward: { id: request.reward?.id } })
    extra.loyalty_card = { points }
    extra.reward = { id: request.reward?.id, object: 'reward' }
  }
  if (facts.is_referral_code) recordHolders(facts.id, facts.campaign_id, facts.holder_id, input)
  const record = child({ related_object_type: 'voucher', related_object_id: facts.id }, { ...extra, voucher: redemptionVoucher(view) })
  return [record]
}

function redeemTier(tier: TierFacts, amount: number, input: RedemptionInput, child: ChildFactory, extra: ChildFields = {}): Redemption {
  input.project.tiers.recordTierRedemption?.(tier.id, input.outcome.totals.amount, amount)
  return child(
    { related_object_type: 'promotion_tier', related_object_id: tier.id },
    { amount, promotion_tier: { id: tier.id, name: tier.name, campaign: { id: tier.campaign_id }, object: 'promotion_tier' }, ...extra },
  )
}

/** The code's owner becomes its REFERRER and the redeeming customer a REFEREE (holders endpoints show both). */
function recordHolders(voucherId: string, campaignId: string, ownerId: string | undefined, input: RedemptionInput): void {
  const { referrals } = input.project
  const referrer = ownerId ?? referrals.referrerOf(voucherId)
  if (referrer) referrals.addHolder({ redeemable_id: voucherId, campaign_id: campaignId, customer_id: referrer, holder_role: 'REFERRER' })
  const customerId = input.customer?.id
  if (customerId && customerId !== referrer) {
    referrals.addHolder({ redeemable_id: voucherId, campaign_id: campaignId, customer_id: customerId, holder_role: 'REFEREE' })
  }
}

function redemptionVoucher(v: VoucherView): NonNullable<Redemption['voucher']> {
  return {
    id: v.id,
    code: v.code,
    campaign: v.campaign,
    campaign_id: v.campaign_id,
    type: v.type,
    ...(v.discount ? { discount: v.discount } : {}),
    ...(v.gift ? { gift: { amount: v.gift.amount, balance: v.gift.balance } } : {}),
    ...(v.loyalty_card ? { loyalty_card: { points: v.loyalty_card.points, balance: v.loyalty_card.balance } } : {}),
    redemption: { quantity: v.redemption.quantity, redeemed_quantity: v.redemption.redeemed_quantity },
    is_referral_code: v.is_referral_code,
    ...(v.holder_id ? { holder_id: v.holder_id } : {}),
    object: 'voucher',
  }
}
