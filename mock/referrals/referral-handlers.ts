import type { OperationRequest, OperationHandlers } from '../types.js'
import type { HolderQuery } from './referral-store.js'

// The pipeline has coerced and range-checked the query against the spec (limit 1..100, order id/-id).
const holderQuery = ({ query }: OperationRequest): HolderQuery => ({
  limit: query.limit,
  order: query.order,
  starting_after_id: query.starting_after_id,
  filters: query.filters,
})

export const referralHandlers = {
  listReferralCodeHolders: (req, { project }) => ({
    status: 200,
    body: project.referrals.listReferralCodeHolders(req.params.campaignId, req.params.memberId, holderQuery(req)),
  }),
  listMemberHolders: (req, { project }) => ({
    status: 200,
    body: project.referrals.listMemberHolders(req.params.memberId, holderQuery(req)),
  }),
} satisfies OperationHandlers
