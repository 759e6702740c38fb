import { notFound } from '../../engine/errors.js'
import { listPromotionTiers } from '../client/promotion-tiers.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'

/** The /v1 promotion-tier reads; the tiers live in their campaigns (mock/resources/campaigns), as the real service nests them. */
export const promotionHandlers = {
  // the same list as the browser API's, with the application keys
  listPromotionTiers: ({ query }, { project, deps }) => ({ status: 200, body: listPromotionTiers(project, query, deps.clock.now()) }),
  getPromotionTier: ({ params }, { project }) => {
    const found = project.campaigns.findTier(params.promotionTierId)
    if (!found) throw notFound('promotion_tier', params.promotionTierId)
    return { status: 200, body: found.tier }
  },
  listCampaignPromotionTiers: ({ params }, { project }) => {
    const tiers = project.campaigns.get(params.campaignId).promotion?.tiers ?? []
    return { status: 200, body: { object: 'list', data_ref: 'tiers', tiers, total: tiers.length, has_more: false } }
  },
} satisfies TypedHandlers<'listPromotionTiers' | 'getPromotionTier' | 'listCampaignPromotionTiers'>
