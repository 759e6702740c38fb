import type { OperationHandlers, OperationRequest } from '../types.js'
import type { RedemptionRecord } from './redemption-store.js'
import { rollbackRedemption, type RollbackRequest } from './rollback.js'

/** Does the redemption come from this campaign (its `camp_` id or its name)? */
function ofCampaign(r: RedemptionRecord, campaign: string): boolean {
  const voucher = r.voucher as { campaign?: string; campaign_id?: string } | undefined
  const tier = r.promotion_tier as { campaign?: { id?: string; name?: string } } | undefined
  return [voucher?.campaign, voucher?.campaign_id, tier?.campaign?.id, tier?.campaign?.name].includes(campaign)
}

const pageOf = (query: OperationRequest['query']) => ({ limit: (query.limit as number | undefined) ?? 10, page: (query.page as number | undefined) ?? 1 })

/** A voucher's redemptions: its uses, the redemptions made of it (any result), newest first. */
const voucherRedemptions: OperationHandlers[string] = ({ params, query }, { project }) => {
  const voucher = project.vouchers.get(params.code)
  const { records, total } = project.redemptions.query((r) => r.related_object_type === 'voucher' && r.related_object_id === voucher.id, pageOf(query))
  return {
    status: 200,
    body: {
      quantity: voucher.redemption.quantity,
      redeemed_quantity: voucher.redemption.redeemed_quantity,
      object: 'list',
      url: voucher.redemption.url,
      data_ref: 'redemption_entries',
      total,
      redemption_entries: records,
    },
  }
}

export const redemptionHandlers = {
  listRedemptions: ({ query }, { project }) => {
    const keep = (r: RedemptionRecord) =>
      (query.result === undefined || r.result === query.result) &&
      (query.customer === undefined || r.customer_id === query.customer) &&
      (query.campaign === undefined || ofCampaign(r, query.campaign as string))
    const { records, total } = project.redemptions.query(keep, { ...pageOf(query), oldestFirst: query.order === 'created_at' })
    return { status: 200, body: { object: 'list', data_ref: 'redemptions', redemptions: records, total } }
  },
  getVoucherRedemptions: voucherRedemptions,
  listVoucherRedemptions: voucherRedemptions,
  rollbackRedemption: ({ params, body }, { project, deps }) => {
    const { reason, tracking_id, metadata } = (body ?? {}) as RollbackRequest
    return { status: 200, body: rollbackRedemption(project, params.redemptionId, { reason, tracking_id, metadata }, { now: deps.clock.now(), ids: deps.ids }) }
  },
} satisfies OperationHandlers
