import type { TypedHandlers, TypedRequest } from '../../engine/typed-handlers.js'
import type { HolderQuery } from './referral-store.js'

type HolderOperations = 'listReferralCodeHolders' | 'listMemberHolders'

// The pipeline has coerced and range-checked the query against the spec (limit 1..100, order id/-id).
const holderQuery = ({ query }: TypedRequest<HolderOperations>): HolderQuery => ({
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
} satisfies TypedHandlers<HolderOperations>
