import type { ProjectState } from '../../engine/project-state.js'
import type { QueryOf } from '../../engine/spec-shapes.js'
import type { components } from '../../../src/types/openapi.js'
import { pageWindow } from '../../engine/list-page.js'

type PromotionTier = components['schemas']['PromotionTier']
type PromotionTiersList = components['schemas']['PromotionTiersList']

/** listPromotionTiers' query; clientListPromotionTiers takes the same without `order`. */
export type TierQuery = QueryOf<'listPromotionTiers'>

/** Within its dates at `now` (an absent date does not bound). */
const withinDates = (item: { start_date?: string | null; expiration_date?: string | null }, now: number): boolean =>
  (!item.start_date || Date.parse(item.start_date) <= now) && (!item.expiration_date || Date.parse(item.expiration_date) > now)

/** A tier a storefront may offer now: it and its campaign active and within their dates. */
const available = (tier: PromotionTier, now: number): boolean => tier.active !== false && tier.campaign?.active !== false && withinDates(tier, now) && withinDates(tier.campaign ?? {}, now)

/** `GET /client/v1/promotions/tiers`: the tiers of every promotion campaign, oldest campaign first, in hierarchy order. */
export function listPromotionTiers(project: ProjectState, query: TierQuery, now: number): PromotionTiersList {
  const all = project.campaigns
    .all()
    .filter((c) => c.campaign_type === 'PROMOTION')
    .flatMap((c) => c.promotion?.tiers ?? [])
  const matching = query.is_available ? all.filter((tier) => available(tier, now)) : all
  if (query.order) {
    const sign = query.order.startsWith('-') ? -1 : 1
    // a stable sort: tiers created together keep their campaign and hierarchy order (the mock's tiers always carry created_at)
    matching.sort((a, b) => sign * (Date.parse(a.created_at!) - Date.parse(b.created_at!)))
  }
  const { start, end } = pageWindow(query)
  const tiers = matching.slice(start, end)
  return { object: 'list', data_ref: 'tiers', tiers, total: matching.length, has_more: start + tiers.length < matching.length }
}
