import type { components } from '../../../src/types/openapi.js'
import type { CategoryStore } from '../categories/category-store.js'
import type { RewardStore } from '../rewards/reward-store.js'
import type { StackStore } from '../stacks/stack-store.js'
import type { VoucherView } from '../vouchers/voucher-types.js'
import type { CategoryRef, RequestedItem, ResolvedRedeemable, RewardFacts, TierFacts, VoucherFacts } from './checkout-model.js'

/** A promotion tier as the campaign store returns it, with its campaign's name (the tier names only its id). */
export type TierLike = components['schemas']['PromotionTier'] & { campaignName?: string }

/** The stores checkout reads; ProjectState provides them. */
export interface CheckoutSources {
  vouchers: { findByCodeOrId(codeOrId: string): VoucherView | undefined }
  tiers: { findTier(tierId: string): TierLike | undefined }
  categories: CategoryStore
  rewards: RewardStore
  stacks: StackStore
}

/** Reads the current facts of every requested redeemable; never mutates anything. */
export function resolveRedeemables(items: RequestedItem[], sources: CheckoutSources): ResolvedRedeemable[] {
  return items.map((item): ResolvedRedeemable => {
    if (item.object === 'promotion_tier') return { object: 'promotion_tier', id: item.id, tier: tierFacts(item.id, sources) }
    if (item.object === 'promotion_stack') {
      const stack = sources.stacks.find(item.id)
      if (!stack) return { object: 'promotion_stack', id: item.id }
      const tiers = stack.tiers.ids.map((id) => tierFacts(id, sources))
      const categories = stack.category_id ? categoryRefs(stack.category_id, sources) : []
      return {
        object: 'promotion_stack',
        id: item.id,
        stack: { id: stack.id, name: stack.name, campaign_id: stack.campaign_id, tier_ids: stack.tiers.ids, tiers, categories },
      }
    }
    const view = sources.vouchers.findByCodeOrId(item.id)
    const voucher = view && voucherFacts(view, sources)
    const gift = 'gift' in item ? item.gift : undefined
    const reward = 'reward' in item ? item.reward : undefined
    const rewardFacts = reward && view ? rewardFactsOf(reward.id, view.campaign_id, sources) : undefined
    return { object: 'voucher', id: item.id, voucher, gift, reward, rewardFacts }
  })
}

function voucherFacts(v: VoucherView, sources: CheckoutSources): VoucherFacts {
  return {
    id: v.id,
    code: v.code,
    campaign_id: v.campaign_id,
    campaign_name: v.campaign,
    type: v.type,
    is_referral_code: v.is_referral_code,
    discount: v.discount ?? null,
    gift_balance: v.gift?.balance,
    loyalty_balance: v.loyalty_card?.balance,
    quantity: v.redemption.quantity,
    redeemed_quantity: v.redemption.redeemed_quantity,
    categories: categoryRefs(v.category_id, sources),
    metadata: v.metadata,
    ...(v.holder_id ? { holder_id: v.holder_id } : {}),
    active: v.active,
    start_date: v.start_date,
    expiration_date: v.expiration_date,
    validity_timeframe: v.validity_timeframe,
    validity_day_of_week: v.validity_day_of_week,
  }
}

/** A tier is valid only while its campaign is: the tier's own dates and windows win, the campaign's fill in. */
function tierFacts(id: string, sources: CheckoutSources): TierFacts | undefined {
  const t = sources.tiers.findTier(id)
  if (!t) return undefined
  const c = t.campaign
  return {
    id: t.id,
    name: t.name,
    ...(t.banner !== undefined ? { banner: t.banner } : {}),
    campaign_id: t.campaign_id ?? c?.id ?? '',
    campaign_name: t.campaignName ?? '',
    discount: t.action?.discount ?? null,
    categories: categoryRefs(t.category_id ?? c?.category_id ?? null, sources),
    metadata: t.metadata ?? {},
    active: t.active !== false && c?.active !== false,
    start_date: t.start_date ?? c?.start_date ?? null,
    expiration_date: t.expiration_date ?? c?.expiration_date ?? null,
    validity_timeframe: t.validity_timeframe ?? c?.validity_timeframe ?? null,
    validity_day_of_week: t.validity_day_of_week ?? c?.validity_day_of_week ?? null,
  }
}

function categoryRefs(categoryId: string | null | undefined, sources: CheckoutSources): CategoryRef[] {
  const category = categoryId ? sources.categories.find(categoryId) : undefined
  return category ? [{ id: category.id, name: category.name, hierarchy: category.hierarchy }] : []
}

/**
 * A COIN reward pays with points: `points_ratio` points are worth `exchange_ratio` in the currency
 * (the real service's definition), so one point is worth exchange_ratio × 100 / points_ratio cents.
 */
function rewardFactsOf(rewardId: string, campaignId: string, sources: CheckoutSources): RewardFacts | undefined {
  const reward = sources.rewards.listRewards().find((r) => r.id === rewardId)
  if (!reward) return undefined
  const coin = reward.type === 'COIN' ? (reward.parameters.coin as { exchange_ratio?: number; points_ratio?: number } | undefined) : undefined
  return {
    id: reward.id,
    assigned_points: sources.rewards.pointsPrice(rewardId, campaignId),
    ...(coin ? { point_value: ((coin.exchange_ratio ?? 0.01) * 100) / (coin.points_ratio || 1) } : {}),
  }
}
