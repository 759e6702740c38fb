import type { FaultInput } from '../../../mock/control/faults.js'
import type { Problem } from '../../types.js'
import { CHECKOUT_DEFECTS } from './checkout-defects.js'
import { answerHeader, copy, drop, dropQuery, dropRequestBody, dropRequestHeader, move, rewrite, set, setQuery, setRequestBody, status } from './defect-faults.js'
import { PROMISE_DEFECTS } from './promise-defects.js'
import { onResponse } from './rewrites.js'
import { STATE_DEFECTS } from './state-defects.js'
import type { Behaviour } from './wrap-mock.js'

/**
 * A realistic way a deployment gets the API wrong: the suite must fail the check `by` with a problem showing
 * `shows`. Each is faults armed in the mock's own engine (`POST /_mock/faults`), except the few that need what
 * a deployment remembered from an earlier request (STATEFUL_DEFECTS): those run in the test-only wrapper.
 */
export type Defect = {
  kind: string
  /** A check that must fail on it (others may too). */
  by: string
  /** What the failure must show: a problem with these fields (a status problem names the status answered). */
  shows: Partial<Pick<Problem, 'location' | 'pointer' | 'keyword' | 'actual'>>
} & ({ faults: readonly FaultInput[] } | { behaviour: Behaviour })

/**
 * Defects no fault of a fixed answer can be: each needs an earlier request's answer. A page overlapping the
 * previous one repeats that page's last item; a deleted campaign still listed is one the store no longer has.
 */
const STATEFUL_DEFECTS: Defect[] = [
  {
    kind: 'a page overlapping the previous one',
    by: 'list.paging',
    shows: { location: 'behaviour', pointer: '/campaigns/0/id' },
    behaviour: onResponse('listCampaigns', async (res, req, ctx) => {
      const page = Number(req.url.searchParams.get('page') ?? 1)
      if (page < 2 || !res.body.campaigns.length) return
      const previous = new URL(req.url)
      previous.searchParams.set('page', String(page - 1))
      const before = await ctx.forward('GET', previous.pathname + previous.search, undefined, req.headers)
      res.body.campaigns[0] = before.body.campaigns.at(-1)
    }, 200),
  },
  {
    kind: 'deleted campaign still listed',
    by: 'campaigns.delete',
    shows: { location: 'behaviour', pointer: '/campaigns' },
    behaviour: {
      async request(req, ctx) {
        if (req.operationId !== 'deleteCampaign') return
        const before = await ctx.forward('GET', `/v1/campaigns/${encodeURIComponent(req.params.campaignId)}`, undefined, req.headers)
        if (before.status === 200) ctx.state.set(req.params.campaignId, before.body)
      },
      response(res, req, ctx) {
        if (req.operationId !== 'listCampaigns' || res.status !== 200) return
        const name = req.url.searchParams.get('filters[campaigns][conditions][$is]')
        for (const c of ctx.state.values()) if (!name || c.name === name) res.body.campaigns.push(c)
      },
    },
  },
]

/** Issue 12 section 2 and issue 4's faults: each must be caught by the suite. */
export const DEFECTS: Defect[] = [
  // Statuses and the error format
  { kind: 'category created with 201 (undocumented)', by: 'categories.create', shows: { location: 'status', keyword: 'status', actual: 201 }, faults: [status('createCategory', 201)] },
  { kind: 'metadata schema answered 418', by: 'management.metadata-schema', shows: { location: 'status', keyword: 'status', actual: 418 }, faults: [status('getMetadataSchema', 418)] },
  { kind: 'unknown campaign answered 400', by: 'campaigns.get-unknown-404', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('getCampaign', 400)] },
  { kind: 'unknown category on create answered 400', by: 'campaigns.unknown-category-404', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('createCampaign', 400)] },
  { kind: 'non-gift export answered 400 instead of 403', by: 'exports.non-gift-campaign-403', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('exportCampaignTransactions', 400)] },
  // a key may be absent in general (real-service-notes 1.3), but a 404 documents `not_found`
  { kind: '404 error body without its documented not_found key', by: 'campaigns.get-unknown-404', shows: { pointer: '/key', actual: undefined }, faults: [drop('getCampaign', '/key', 404)] },
  { kind: 'error key given as a number', by: 'campaigns.get-unknown-404', shows: { pointer: '/key', keyword: 'errorFormat' }, faults: [set('getCampaign', '/key', 404, 404)] },
  { kind: 'error code not the HTTP status', by: 'campaigns.get-unknown-404', shows: { pointer: '/code', keyword: 'errorFormat' }, faults: [set(undefined, '/code', 500, 404)] },
  { kind: 'error body as HTML', by: 'campaigns.get-unknown-404', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, faults: [answerHeader(undefined, 'content-type', 'text/html; charset=utf-8', 404)] },
  { kind: 'error body without message', by: 'campaigns.get-unknown-404', shows: { pointer: '/message', keyword: 'errorFormat' }, faults: [drop(undefined, '/message', 404)] },
  { kind: '401 with another key', by: 'auth.getCampaign', shows: { location: 'behaviour', pointer: '/key' }, faults: [set(undefined, '/key', 'unauthorised', 401)] },
  { kind: 'campaign read answered text/plain', by: 'campaigns.create-promotion', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, faults: [answerHeader('getCampaign', 'content-type', 'text/plain')] },
  // Shapes and values
  { kind: 'category without id', by: 'categories.create', shows: { pointer: '/id', keyword: 'required' }, faults: [drop('createCategory', '/id')] },
  { kind: 'category hierarchy as a string', by: 'categories.create', shows: { pointer: '/hierarchy', keyword: 'type' }, faults: [set('createCategory', '/hierarchy', '7')] },
  { kind: 'voucher with a campaign id prefix', by: 'vouchers.generated-codes', shows: { pointer: '/id', keyword: 'pattern' }, faults: [set('getVoucher', '/id', 'camp_0001')] },
  { kind: 'campaign read with a wrong id prefix', by: 'campaigns.create-promotion', shows: { pointer: '/id', keyword: 'pattern' }, faults: [set('getCampaign', '/id', 'cmp_pkWrongPrefix0000')] },
  { kind: 'unknown campaign_type enum value in a list', by: 'list.paging', shows: { pointer: '/campaigns/0/campaign_type', keyword: 'enum' }, faults: [set('listCampaigns', '/campaigns/0/campaign_type', 'BOGUS')] },
  { kind: 'timestamps without milliseconds', by: 'campaigns.create-promotion', shows: { location: 'behaviour', pointer: '/created_at' }, faults: [set('createCampaign', '/created_at', '2026-01-05T10:00:00Z'), set('getCampaign', '/created_at', '2026-01-05T10:00:00Z')] },
  { kind: 'vouchers_count wrong once generated', by: 'campaigns.create-gift-vouchers', shows: { location: 'behaviour', pointer: '/vouchers_count' }, faults: [set('getCampaign', '/vouchers_count', 999)] },
  { kind: 'active false by default', by: 'campaigns.create-discount-coupons', shows: { location: 'behaviour', pointer: '/active' }, faults: [set('createCampaign', '/active', false)] },
  { kind: 'metadata dropped on create', by: 'campaigns.create-loyalty-program', shows: { location: 'behaviour', pointer: '/metadata/promokit_run' }, faults: [drop('createCampaign', '/metadata/promokit_run')] },
  { kind: 'promotion tiers numbered from 0', by: 'campaigns.create-promotion', shows: { location: 'behaviour', pointer: '/promotion/tiers/0/hierarchy' }, faults: [set('createCampaign', '/promotion/tiers/0/hierarchy', 0)] },
  { kind: 'duplicate 409 without resource_id', by: 'campaigns.duplicate-name-409', shows: { location: 'behaviour', pointer: '/resource_id' }, faults: [drop('createCampaign', '/resource_id', 409)] },
  { kind: 'codes not following the pattern', by: 'vouchers.generated-codes', shows: { location: 'behaviour', pointer: '/vouchers/0/code' }, faults: [set('listVouchers', '/vouchers/0/code', 'pk-lower-case-code')] },
  { kind: 'duplicate codes in a campaign', by: 'vouchers.generated-codes', shows: { location: 'behaviour', pointer: '/vouchers' }, faults: [copy('listVouchers', '/vouchers/0/code', '/vouchers/1/code')] },
  { kind: 'metadata schema with another id', by: 'management.metadata-schema', shows: { location: 'behaviour', pointer: '/id' }, faults: [set('getMetadataSchema', '/id', 'ms_pkOther0000000000')] },
  { kind: 'token_type in lower case', by: 'oauth.token-and-bearer', shows: { pointer: '/token_type', keyword: 'enum' }, faults: [set('createOAuthToken', '/token_type', 'bearer')] },
  // Rules
  { kind: 'duplicate campaign name accepted', by: 'campaigns.duplicate-name-409', shows: { location: 'status', keyword: 'status', actual: 200 }, faults: [rewrite('createCampaign', 409, 200)] },
  { kind: 'duplicate template copy accepted', by: 'management.copy-template', shows: { location: 'status', keyword: 'status', actual: 200 }, faults: [rewrite('copyCampaignTemplate', 409, 200)] },
  { kind: 'limit 101 accepted', by: 'list.limit-over-100-400', shows: { location: 'status', keyword: 'status', actual: 200 }, faults: [rewrite('listCampaigns', 400, 200)] },
  { kind: 'invalid scope accepted', by: 'oauth.invalid-scope-400', shows: { location: 'status', keyword: 'status', actual: 200 }, faults: [setRequestBody('createOAuthToken', '/scope', 'api')] },
  { kind: 'wrong app token accepted', by: 'auth.listCampaigns', shows: { location: 'status', keyword: 'status', actual: 200 }, faults: [rewrite('listCampaigns', 401, 200)] },
  { kind: 'bearer tokens refused', by: 'oauth.token-and-bearer', shows: { location: 'status', keyword: 'status', actual: 401 }, faults: [dropRequestHeader('listCampaigns', 'authorization')] },
  { kind: 'reward assignment update ignored', by: 'rewards.update-assignment', shows: { location: 'behaviour', pointer: '/parameters/loyalty/points' }, faults: [setRequestBody('updateRewardAssignment', '', {})] },
  { kind: 'unknown code validated as valid', by: 'checkout.validate-unknown-code', shows: { location: 'behaviour', pointer: '/valid' }, faults: [set('validateStackedDiscounts', '/valid', true)] },
  { kind: 'wrong order total in a validation', by: 'checkout.coupon-redeem-once', shows: { location: 'behaviour', pointer: '/order/total_amount' }, faults: [set('validateStackedDiscounts', '/order/total_amount', 9100)] },
  { kind: 'redemption read back as FAILURE', by: 'checkout.coupon-redeem-once', shows: { location: 'behaviour', pointer: '/result' }, faults: [set('getRedemption', '/result', 'FAILURE')] },
  // Lists
  { kind: 'list total not matching its items', by: 'list.total-matches-items', shows: { location: 'behaviour', pointer: '/total' }, faults: [set('listCampaigns', '/total', 1)] },
  { kind: 'campaign_type filter ignored', by: 'list.filter-campaign-type', shows: { location: 'behaviour', pointer: '/campaigns/0/campaign_type' }, faults: [dropQuery('listCampaigns', 'campaign_type')] },
  { kind: 'name filter ignored', by: 'list.filter-name', shows: { location: 'behaviour', pointer: '/campaigns/1/name' }, faults: [dropQuery('listCampaigns', 'filters[campaigns][conditions][$is]')] },
  { kind: 'order parameter ignored', by: 'list.order-created_at', shows: { location: 'behaviour', pointer: '/campaigns/1/created_at' }, faults: [dropQuery('listCampaigns', 'order')] },
  { kind: 'oldest first by default', by: 'list.newest-first', shows: { location: 'behaviour', pointer: '/campaigns/1/created_at' }, faults: [setQuery('listCampaigns', 'order', 'created_at')] },
  { kind: 'page parameter ignored', by: 'list.paging', shows: { location: 'behaviour', pointer: '/campaigns/0/id' }, faults: [dropQuery('listCampaigns', 'page')] },
  { kind: 'limit below 100 ignored', by: 'list.paging', shows: { location: 'behaviour', pointer: '/campaigns' }, faults: [setQuery('listCampaigns', 'limit', '100')] },
  { kind: 'a page past the end repeating the first (page ignored)', by: 'list.past-the-end', shows: { location: 'behaviour', pointer: '/campaigns' }, faults: [dropQuery('listCampaigns', 'page')] },
  { kind: 'deleted campaign still readable', by: 'campaigns.delete', shows: { location: 'behaviour', pointer: '' }, faults: [rewrite('getCampaign', 404, 200)] },
  { kind: 'expand=category ignored', by: 'categories.expand-on-list-campaigns', shows: { location: 'behaviour', pointer: '/campaigns/0/categories' }, faults: [set('listCampaigns', '/campaigns/0/categories', [])] },
  { kind: 'holders not sorted by -id', by: 'referrals.holders-order', shows: { location: 'behaviour', pointer: '/data' }, faults: [move('listReferralCodeHolders', '/data/0', '/data/-')] },
  { kind: 'holders total wrong', by: 'referrals.holders-cursor-paging', shows: { location: 'behaviour', pointer: '/total' }, faults: [set('listReferralCodeHolders', '/total', 9999)] },
  { kind: 'member holders differing from the campaign-scoped list', by: 'referrals.member-holders', shows: { location: 'behaviour', pointer: '/data' }, faults: [drop('listMemberHolders', '/data/0')] },
  // Exports
  { kind: 'export never leaving SCHEDULED', by: 'exports.lifecycle', shows: { location: 'behaviour', pointer: '/status' }, faults: [set('getExport', '/status', 'SCHEDULED'), set('getExport', '/result', null)] },
  { kind: 'export CSV missing a requested field', by: 'exports.lifecycle', shows: { location: 'body', pointer: '' }, faults: [dropRequestBody('exportCampaignTransactions', '/parameters/fields/4'), set('exportCampaignTransactions', '/parameters/fields/4', 'created_at')] },
  { kind: 'export download as JSON', by: 'exports.lifecycle', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, faults: [answerHeader('getExport', 'content-type', 'application/json')] },
  { kind: 'export download ignoring its token', by: 'exports.lifecycle', shows: { location: 'status', actual: 200 }, faults: [rewrite('getExport', 401, 200), rewrite('getExport', 404, 200)] },
  { kind: 'export echo without the campaign filter', by: 'exports.lifecycle', shows: { location: 'behaviour', pointer: '/parameters/filters/campaign_id/conditions/$in' }, faults: [drop('exportCampaignTransactions', '/parameters/filters/campaign_id')] },
  ...STATE_DEFECTS,
  ...CHECKOUT_DEFECTS,
  ...PROMISE_DEFECTS,
  ...STATEFUL_DEFECTS,
]
