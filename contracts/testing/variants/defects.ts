import type { FaultInput } from '../../../mock/control/faults.js'
import type { Problem } from '../../types.js'
import { combine, eachItem, errorAnswer, onRequest, onResponse, setField, walk } from './rewrites.js'
import { STATE_DEFECTS } from './state-defects.js'
import type { Behaviour } from './wrap-mock.js'

/**
 * A realistic way a deployment gets the API wrong: the suite must fail the check `by` with a problem showing
 * `shows`. Defects of a fixed answer are faults armed in the mock's own engine (`POST /_mock/faults`); those
 * that need state or a second request (remembering a token, re-sending a create) run in the test-only wrapper.
 */
export type Defect = {
  kind: string
  /** A check that must fail on it (others may too). */
  by: string
  /** What the failure must show: a problem with these fields (a status problem names the status answered). */
  shows: Partial<Pick<Problem, 'location' | 'pointer' | 'keyword' | 'actual'>>
} & ({ faults: readonly FaultInput[] } | { behaviour: Behaviour })

const status = (operationId: string, answered: number): FaultInput => ({ operationId, action: 'status', status: answered })
const set = (operationId: string | undefined, pointer: string, value: unknown, whenStatus = 200): FaultInput => ({ ...(operationId ? { operationId } : {}), action: 'set', pointer, value, whenStatus })
const drop = (operationId: string | undefined, pointer: string, whenStatus = 200): FaultInput => ({ ...(operationId ? { operationId } : {}), action: 'drop', pointer, whenStatus })

const isDownload = (req: { url: URL }): boolean => req.url.searchParams.has('token')
const query = (ops: string, fn: (q: URLSearchParams) => void): Behaviour => onRequest(ops, (req) => void fn(req.url.searchParams))
const WRONG = 'pk-wrong-credential'

/** A create refused as a duplicate is created anyway (under another name, shown with the one asked for). */
const acceptsDuplicates = (op: string): Behaviour =>
  onResponse(op, async (res, req, ctx) => {
    const renamed = { ...req.body, name: `${req.body.name}-dup` }
    const again = await ctx.forward(req.method, req.url.pathname + req.url.search, renamed, req.headers)
    if (again.status !== 200) return undefined
    again.body.name = req.body.name
    return again
  }, 409)

/** Deleted campaigns remembered by the wrapper, to be served again (`read`) or listed again (`list`). */
const keepsDeleted = (where: 'read' | 'list'): Behaviour =>
  combine(
    onRequest('deleteCampaign', async (req, ctx) => {
      const before = await ctx.forward('GET', `/v1/campaigns/${encodeURIComponent(req.params.campaignId)}`, undefined, req.headers)
      if (before.status === 200) ctx.state.set(req.params.campaignId, before.body)
    }),
    where === 'read'
      ? onResponse('getCampaign', (res, req, ctx) => (ctx.state.has(req.params.campaignId) ? { ...res, status: 200, body: ctx.state.get(req.params.campaignId) } : undefined), 404)
      : onResponse('listCampaigns', (res, req, ctx) => {
          const name = req.url.searchParams.get('filters[campaigns][conditions][$is]')
          for (const c of ctx.state.values()) if (!name || c.name === name) res.body.campaigns.push(c)
        }, 200),
  )

/** The export download answers with the right file whatever token it is given. */
const ignoresExportToken: Behaviour = combine(
  onResponse('getExport', (res, req, ctx) => {
    const url = res.body?.result?.url
    if (!isDownload(req) && typeof url === 'string') ctx.state.set(req.params.exportId, new URL(url).searchParams.get('token'))
  }, 200),
  onRequest('getExport', (req, ctx) => {
    if (isDownload(req) && ctx.state.has(req.params.exportId)) req.url.searchParams.set('token', ctx.state.get(req.params.exportId))
  }),
)

/** Wrong credentials replaced by the right ones before the mock sees them (remembered from a good request). */
const acceptsWrongToken: Behaviour = {
  request(req, ctx) {
    if (req.headers['x-app-token'] === WRONG && ctx.state.has('token')) req.headers['x-app-token'] = ctx.state.get('token')
    else if (req.headers['x-app-token']) ctx.state.set('token', req.headers['x-app-token'])
  },
}

const withoutMilliseconds = onResponse('*', (res) => walk(res.body, (parent, key) => {
  if (typeof parent[key] === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/.test(parent[key])) parent[key] = parent[key].replace(/\.\d+Z$/, 'Z')
}), 200)

/** Issue 12 section 2 and issue 4's faults: each must be caught by the suite. */
export const DEFECTS: Defect[] = [
  // Statuses and the error format
  { kind: 'category created with 201 (undocumented)', by: 'categories.create', shows: { location: 'status', keyword: 'status', actual: 201 }, faults: [status('createCategory', 201)] },
  { kind: 'metadata schema answered 418', by: 'management.metadata-schema', shows: { location: 'status', keyword: 'status', actual: 418 }, faults: [status('getMetadataSchema', 418)] },
  { kind: 'unknown campaign answered 400', by: 'campaigns.get-unknown-404', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('getCampaign', 400)] },
  { kind: 'unknown category on create answered 400', by: 'campaigns.unknown-category-404', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('createCampaign', 400)] },
  { kind: 'non-gift export answered 400 instead of 403', by: 'exports.non-gift-campaign-403', shows: { location: 'status', keyword: 'status', actual: 400 }, faults: [status('exportCampaignTransactions', 400)] },
  { kind: 'error body without key', by: 'campaigns.get-unknown-404', shows: { pointer: '/key', keyword: 'errorFormat' }, faults: [drop('getCampaign', '/key', 404)] },
  { kind: 'error code not the HTTP status', by: 'campaigns.get-unknown-404', shows: { pointer: '/code', keyword: 'errorFormat' }, faults: [set(undefined, '/code', 500, 404)] },
  { kind: 'error body as HTML', by: 'campaigns.get-unknown-404', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, behaviour: onResponse('*', (res) => ({ ...res, body: undefined, headers: { 'content-type': 'text/html' }, text: '<h1>Not found</h1>' }), 404) },
  { kind: 'error body without message', by: 'campaigns.get-unknown-404', shows: { pointer: '/message', keyword: 'errorFormat' }, faults: [drop(undefined, '/message', 404)] },
  { kind: '401 with another key', by: 'auth.getCampaign', shows: { location: 'behaviour', pointer: '/key' }, faults: [set(undefined, '/key', 'unauthorised', 401)] },
  { kind: 'campaign read answered text/plain', by: 'campaigns.create-promotion', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, behaviour: onResponse('getCampaign', (res) => void (res.headers['content-type'] = 'text/plain'), 200) },
  // Shapes and values
  { kind: 'category without id', by: 'categories.create', shows: { pointer: '/id', keyword: 'required' }, faults: [drop('createCategory', '/id')] },
  { kind: 'category hierarchy as a string', by: 'categories.create', shows: { pointer: '/hierarchy', keyword: 'type' }, faults: [set('createCategory', '/hierarchy', '7')] },
  { kind: 'voucher with a campaign id prefix', by: 'vouchers.generated-codes', shows: { pointer: '/id', keyword: 'pattern' }, faults: [set('getVoucher', '/id', 'camp_0001')] },
  { kind: 'campaign read with a wrong id prefix', by: 'campaigns.create-promotion', shows: { pointer: '/id', keyword: 'pattern' }, behaviour: setField('getCampaign', '/id', (id: string) => id.replace(/^camp_/, 'cmp_')) },
  { kind: 'unknown campaign_type enum value in a list', by: 'list.paging', shows: { pointer: '/campaigns/0/campaign_type', keyword: 'enum' }, faults: [set('listCampaigns', '/campaigns/0/campaign_type', 'BOGUS')] },
  { kind: 'timestamps without milliseconds', by: 'campaigns.create-promotion', shows: { location: 'behaviour', pointer: '/created_at' }, behaviour: withoutMilliseconds },
  { kind: 'vouchers_count wrong once generated', by: 'campaigns.create-gift-vouchers', shows: { location: 'behaviour', pointer: '/vouchers_count' }, behaviour: onResponse('getCampaign', (res) => void (res.body.vouchers_generation_status === 'DONE' && (res.body.vouchers_count += 1)), 200) },
  { kind: 'active false by default', by: 'campaigns.create-discount-coupons', shows: { location: 'behaviour', pointer: '/active' }, faults: [set('createCampaign', '/active', false)] },
  { kind: 'metadata dropped on create', by: 'campaigns.create-loyalty-program', shows: { location: 'behaviour', pointer: '/metadata/promokit_run' }, faults: [drop('createCampaign', '/metadata/promokit_run')] },
  { kind: 'promotion tiers numbered from 0', by: 'campaigns.create-promotion', shows: { location: 'behaviour', pointer: '/promotion/tiers/0/hierarchy' }, faults: [set('createCampaign', '/promotion/tiers/0/hierarchy', 0)] },
  { kind: 'duplicate 409 without resource_id', by: 'campaigns.duplicate-name-409', shows: { location: 'behaviour', pointer: '/resource_id' }, faults: [drop('createCampaign', '/resource_id', 409)] },
  { kind: 'codes not following the pattern', by: 'vouchers.generated-codes', shows: { location: 'behaviour', pointer: '/vouchers/0/code' }, behaviour: eachItem('listVouchers', 'vouchers', (v) => (v.code = String(v.code).toLowerCase())) },
  { kind: 'duplicate codes in a campaign', by: 'vouchers.generated-codes', shows: { location: 'behaviour', pointer: '/vouchers' }, behaviour: onResponse('listVouchers', (res) => void (res.body.vouchers.length > 1 && (res.body.vouchers[1].code = res.body.vouchers[0].code)), 200) },
  { kind: 'metadata schema with another id', by: 'management.metadata-schema', shows: { location: 'behaviour', pointer: '/id' }, faults: [set('getMetadataSchema', '/id', 'ms_pkOther0000000000')] },
  { kind: 'token_type in lower case', by: 'oauth.token-and-bearer', shows: { pointer: '/token_type', keyword: 'enum' }, faults: [set('createOAuthToken', '/token_type', 'bearer')] },
  // Rules
  { kind: 'duplicate campaign name accepted', by: 'campaigns.duplicate-name-409', shows: { location: 'status', keyword: 'status', actual: 200 }, behaviour: acceptsDuplicates('createCampaign') },
  { kind: 'duplicate template copy accepted', by: 'management.copy-template', shows: { location: 'status', keyword: 'status', actual: 200 }, behaviour: acceptsDuplicates('copyCampaignTemplate') },
  { kind: 'limit 101 accepted', by: 'list.limit-over-100-400', shows: { location: 'status', keyword: 'status', actual: 200 }, behaviour: query('listCampaigns', (q) => Number(q.get('limit')) > 100 && q.set('limit', '100')) },
  { kind: 'invalid scope accepted', by: 'oauth.invalid-scope-400', shows: { location: 'status', keyword: 'status', actual: 200 }, behaviour: onRequest('createOAuthToken', (req) => void (req.text = req.text.replace(/\+?pk-no-such-scope/, ''))) },
  { kind: 'wrong app token accepted', by: 'auth.listCampaigns', shows: { location: 'status', keyword: 'status', actual: 200 }, behaviour: acceptsWrongToken },
  { kind: 'bearer tokens refused', by: 'oauth.token-and-bearer', shows: { location: 'status', keyword: 'status', actual: 401 }, behaviour: onRequest('listCampaigns', (req) => (req.headers.authorization?.startsWith('Bearer ') ? errorAnswer(401, 'unauthorized', 'Unauthorized') : undefined)) },
  { kind: 'reward assignment update ignored', by: 'rewards.update-assignment', shows: { location: 'behaviour', pointer: '/parameters/loyalty/points' }, behaviour: onRequest('updateRewardAssignment', (req) => void (req.body = {})) },
  { kind: 'unknown code validated as valid', by: 'checkout.validate-unknown-code', shows: { location: 'behaviour', pointer: '/valid' }, behaviour: onResponse('validateStackedDiscounts', (res) => void (res.body.inapplicable_redeemables?.length && (res.body.valid = true)), 200) },
  { kind: 'wrong order total in a validation', by: 'checkout.coupon-redeem-once', shows: { location: 'behaviour', pointer: '/order/total_amount' }, faults: [set('validateStackedDiscounts', '/order/total_amount', 9100)] },
  { kind: 'redemption read back as FAILURE', by: 'checkout.coupon-redeem-once', shows: { location: 'behaviour', pointer: '/result' }, faults: [set('getRedemption', '/result', 'FAILURE')] },
  // Lists
  { kind: 'list total not matching its items', by: 'list.total-matches-items', shows: { location: 'behaviour', pointer: '/total' }, behaviour: setField('listCampaigns', '/total', (t: number) => t + 1) },
  { kind: 'campaign_type filter ignored', by: 'list.filter-campaign-type', shows: { location: 'behaviour', pointer: '/campaigns/0/campaign_type' }, behaviour: query('listCampaigns', (q) => q.delete('campaign_type')) },
  { kind: 'name filter ignored', by: 'list.filter-name', shows: { location: 'behaviour', pointer: '/campaigns/1/name' }, behaviour: query('listCampaigns', (q) => q.delete('filters[campaigns][conditions][$is]')) },
  { kind: 'order parameter ignored', by: 'list.order-created_at', shows: { location: 'behaviour', pointer: '/campaigns/1/created_at' }, behaviour: query('listCampaigns', (q) => q.delete('order')) },
  { kind: 'oldest first by default', by: 'list.newest-first', shows: { location: 'behaviour', pointer: '/campaigns/1/created_at' }, behaviour: query('listCampaigns', (q) => !q.has('order') && q.set('order', 'created_at')) },
  { kind: 'page parameter ignored', by: 'list.paging', shows: { location: 'behaviour', pointer: '/campaigns/0/id' }, behaviour: query('listCampaigns', (q) => q.delete('page')) },
  { kind: 'limit below 100 ignored', by: 'list.paging', shows: { location: 'behaviour', pointer: '/campaigns' }, behaviour: query('listCampaigns', (q) => Number(q.get('limit')) < 100 && q.set('limit', '100')) },
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
  { kind: 'a page past the end repeating the first', by: 'list.past-the-end', shows: { location: 'behaviour', pointer: '/campaigns' }, behaviour: onResponse('listCampaigns', async (res, req, ctx) => {
    if (res.body.campaigns.length || Number(req.url.searchParams.get('page') ?? 1) < 2) return
    res.body.campaigns = (await ctx.forward('GET', '/v1/campaigns?limit=100', undefined, req.headers)).body.campaigns
  }, 200) },
  { kind: 'deleted campaign still readable', by: 'campaigns.delete', shows: { location: 'behaviour', pointer: '' }, behaviour: keepsDeleted('read') },
  { kind: 'deleted campaign still listed', by: 'campaigns.delete', shows: { location: 'behaviour', pointer: '/campaigns' }, behaviour: keepsDeleted('list') },
  { kind: 'expand=category ignored', by: 'categories.expand-on-list-campaigns', shows: { location: 'behaviour', pointer: '/campaigns/0/categories' }, behaviour: eachItem('listCampaigns', 'campaigns', (c) => (c.categories = [])) },
  { kind: 'holders not sorted by -id', by: 'referrals.holders-order', shows: { location: 'behaviour', pointer: '/data' }, behaviour: onResponse('listReferralCodeHolders', (res, req) => void (req.url.searchParams.get('order') === '-id' && res.body.data.reverse()), 200) },
  { kind: 'holders total wrong', by: 'referrals.holders-cursor-paging', shows: { location: 'behaviour', pointer: '/total' }, behaviour: setField('listReferralCodeHolders', '/total', (t: number) => t + 1) },
  { kind: 'member holders differing from the campaign-scoped list', by: 'referrals.member-holders', shows: { location: 'behaviour', pointer: '/data' }, behaviour: onResponse('listMemberHolders', (res) => void res.body.data.pop(), 200) },
  // Exports
  { kind: 'export never leaving SCHEDULED', by: 'exports.lifecycle', shows: { location: 'behaviour', pointer: '/status' }, faults: [set('getExport', '/status', 'SCHEDULED'), set('getExport', '/result', null)] },
  { kind: 'export CSV missing a requested field', by: 'exports.lifecycle', shows: { location: 'body', pointer: '' }, behaviour: onResponse('getExport', (res, req) => void (isDownload(req) && (res.text = res.text.replace(/,[^,\r\n]*(?=\r?\n|$)/g, ''))), 200) },
  { kind: 'export download as JSON', by: 'exports.lifecycle', shows: { location: 'content-type', pointer: '', keyword: 'contentType' }, behaviour: onResponse('getExport', (res, req) => void (isDownload(req) && (res.headers['content-type'] = 'application/json')), 200) },
  { kind: 'export download ignoring its token', by: 'exports.lifecycle', shows: { location: 'status', actual: 200 }, behaviour: ignoresExportToken },
  { kind: 'export echo without the campaign filter', by: 'exports.lifecycle', shows: { location: 'behaviour', pointer: '/parameters/filters/campaign_id/conditions/$in' }, faults: [drop('exportCampaignTransactions', '/parameters/filters/campaign_id')] },
  ...STATE_DEFECTS,
]
