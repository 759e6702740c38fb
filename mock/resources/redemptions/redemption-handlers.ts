import type { ProjectState } from '../../engine/project-state.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { QueryOf } from '../../engine/spec-shapes.js'
import type { Redemption } from './redemption-store.js'
import { rollbackRedemption } from './rollback.js'

/**
 * Does the redemption come from this campaign (its `camp_` id or its name)? A tier's redemption names
 * only its campaign's id, so a name is first resolved to the campaign's id.
 */
function ofCampaign(campaign: string, project: ProjectState): (r: Redemption) => boolean {
  const id = project.campaigns.lookup(campaign)?.id ?? campaign
  return (r) => r.voucher?.campaign === campaign || r.voucher?.campaign_id === id || r.promotion_tier?.campaign?.id === id
}

/** A voucher's redemptions: its uses, the redemptions made of it (any result), newest first. */
function voucherRedemptions(code: string, query: QueryOf<'getVoucherRedemptions'>, project: ProjectState) {
  const voucher = project.vouchers.get(code)
  const { records, total } = project.redemptions.query((r) => r.related_object_type === 'voucher' && r.related_object_id === voucher.id, { limit: query.limit, page: query.page })
  return {
    status: 200 as const,
    body: {
      quantity: voucher.redemption.quantity,
      redeemed_quantity: voucher.redemption.redeemed_quantity,
      object: 'list' as const,
      url: voucher.redemption.url,
      data_ref: 'redemption_entries' as const,
      total,
      redemption_entries: records,
    },
  }
}

export const redemptionHandlers = {
  listRedemptions: ({ query }, { project }) => {
    const fromCampaign = query.campaign === undefined ? undefined : ofCampaign(query.campaign, project)
    const keep = (r: Redemption) =>
      (query.result === undefined || r.result === query.result) &&
      (query.customer === undefined || r.customer_id === query.customer) &&
      (fromCampaign === undefined || fromCampaign(r))
    const { records, total } = project.redemptions.query(keep, { limit: query.limit, page: query.page, oldestFirst: query.order === 'created_at' })
    return { status: 200, body: { object: 'list', data_ref: 'redemptions', redemptions: records, total } }
  },
  getVoucherRedemptions: ({ params, query }, { project }) => voucherRedemptions(params.code, query, project),
  listVoucherRedemptions: ({ params, query }, { project }) => voucherRedemptions(params.code, query, project),
  rollbackRedemption: ({ params, body }, { project, deps }) => {
    const { reason, tracking_id, metadata } = body ?? {}
    return { status: 200, body: rollbackRedemption(project, params.redemptionId, { reason, tracking_id, metadata }, { now: deps.clock.now(), ids: deps.ids }) }
  },
} satisfies TypedHandlers<'listRedemptions' | 'getVoucherRedemptions' | 'listVoucherRedemptions' | 'rollbackRedemption'>
