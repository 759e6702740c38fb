import type { FaultInput } from '../../../mock/control/faults.js'
import { move, set } from './defect-faults.js'
import { combine, errorAnswer, onRequest, onResponse } from './rewrites.js'
import type { Variant } from './variants.js'
import type { Behaviour } from './wrap-mock.js'

/** A list the mock answers under `from` answered under `key`: the array moved and `data_ref` naming it. */
const listUnder = (ops: readonly string[], from: string, key: string): FaultInput[] => ops.flatMap((op) => [move(op, `/${from}`, `/${key}`), set(op, '/data_ref', key)])

/** List Campaigns with limit above 100: "returns an error", status and key not given (seed Errors; notes §2.2, §6). */
const limitRefused422: Behaviour = onResponse('listCampaigns', (res, req) => {
  if (Number(req.url.searchParams.get('limit')) <= 100) return undefined
  return errorAnswer(422, undefined, 'limit must be at most 100')
}, 400)

/** A bearer token lacking the operation's scope refused with 403 (RFC 6750 insufficient_scope; the notes give no status). */
const scopeRefused403: Behaviour = onResponse('*', (res) => {
  const why = `${res.body?.message ?? ''} ${res.body?.details ?? ''}`
  return /scope .* does not allow/.test(why) ? errorAnswer(403, 'missing_required_permission', 'Missing required permission') : undefined
}, 401)

/**
 * Every scope an operation lists required at once (the OpenAPI reading of the real service's single requirement
 * `X-App-Id + X-App-Token + X-Voucherify-OAuth[api, <resource>]`, notes §1.2): a bearer token without `api` is
 * refused on the server-side API. The wrapper remembers the scopes of the tokens it saw issued.
 */
export const allScopesRequired: Behaviour = combine(
  onResponse('createOAuthToken', (res, _req, ctx) => void ctx.state.set(`token:${res.body?.access_token}`, String(res.body?.scope ?? '').split(/\s+/)), 200),
  onRequest('*', (req, ctx) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const scopes: string[] | undefined = bearer ? ctx.state.get(`token:${bearer}`) : undefined
    if (!scopes || !req.url.pathname.startsWith('/v1/') || req.url.pathname.startsWith('/v1/oauth/') || scopes.includes('api')) return undefined
    return errorAnswer(401, 'unauthorized', 'Unauthorized')
  }),
)

/**
 * A bearer token taken only together with the app keys (notes §1.2: the master form lists X-App-Id, X-App-Token
 * and X-Voucherify-OAuth in one requirement): a token alone is refused; with the keys, the keys must be right
 * and the token is what decides (the wrapper checks the keys, then lets the mock judge the token alone).
 */
const bearerWithAppKeys: Behaviour = onRequest('*', async (req, ctx) => {
  if (!req.url.pathname.startsWith('/v1/') || req.url.pathname.startsWith('/v1/oauth/') || !/^Bearer\s/i.test(req.headers.authorization ?? '')) return undefined
  const keys = { 'x-app-id': req.headers['x-app-id'] ?? '', 'x-app-token': req.headers['x-app-token'] ?? '' }
  if (!keys['x-app-id'] || !keys['x-app-token'] || (await ctx.forward('GET', '/v1/campaigns?limit=1', undefined, keys)).status !== 200) return errorAnswer(401, 'unauthorized', 'Unauthorized')
  delete req.headers['x-app-id']
  delete req.headers['x-app-token']
  return undefined
})

/** GET /v1/vouchers/{code} served for codes only: the seed and the notes name no read by voucher id. */
const vouchersByCodeOnly: Behaviour = onRequest('getVoucher', (req) => (/^v_/.test(req.params.code ?? '') ? errorAnswer(404, 'not_found', `Cannot find voucher with code ${req.params.code}`) : undefined))

/** Enum fields sorted by their declared rank (as a database sorts an enum column), not alphabetically: voucher types in the vendor's enum order. */
const VOUCHER_TYPE_RANK = ['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD']
const vouchersByTypeRank: Behaviour = onResponse('listVouchers', (res, req) => {
  const order = req.url.searchParams.get('order')
  if (order !== 'type' && order !== '-type') return
  const sign = order === 'type' ? 1 : -1
  res.body.vouchers = [...res.body.vouchers].sort((a: any, b: any) => sign * (VOUCHER_TYPE_RANK.indexOf(a.type) - VOUCHER_TYPE_RANK.indexOf(b.type)))
}, 200)

/**
 * Behaviours the real service's documentation shows (or leaves open) where the suite used to raise false alarms
 * (issue 25): the suite must pass each with 0 failures, skipping nothing it runs against the plain mock.
 */
export const VENDOR_VARIANTS: Variant[] = [
  {
    kind: '401 bodies exactly as the vendor sends them',
    source: 'real service: every 401 example is {"code":401,"message":"Unauthorized","key":"unauthorized"} (notes §8.6)',
    faults: [set(undefined, '', { code: 401, message: 'Unauthorized', key: 'unauthorized' }, 401)],
  },
  {
    kind: 'campaign-template lists under campaign_templates',
    source: 'real service: the template list example names campaign_templates, its schema data (notes §8.6)',
    faults: listUnder(['listCampaignTemplates', 'listProjectCampaignTemplates'], 'data', 'campaign_templates'),
  },
  {
    kind: 'metadata-schema lists under data',
    source: 'real service: ManagementProjectsMetadataSchemasListResponseBody data_ref enum ["data"]; /v1 default text "data" (notes §8.6)',
    faults: listUnder(['listMetadataSchemas'], 'schemas', 'data'),
  },
  {
    kind: 'metadata-schema lists under schemas',
    source: 'real service: /v1/metadata-schemas data_ref enum ["schemas"] (notes §8.6)',
    faults: listUnder(['listProjectMetadataSchemas'], 'data', 'schemas'),
  },
  {
    kind: 'limit above 100 refused with 422 and no key',
    source: 'seed Errors: "returns an error", status and key not shown; notes §2.2/§6: still not stated',
    behaviour: limitRefused422,
    follows: ['list.limit-over-100-400', 'limit 101: 422 without key'],
  },
  {
    kind: 'a token without the operation\'s scope refused with 403',
    source: 'notes §1.2 give no status for a missing scope; RFC 6750 §3.1 insufficient_scope is 403; notes §8.5 key missing_required_permission',
    behaviour: scopeRefused403,
    follows: ['auth.bearer-scopes', 'a token without the scope: 403'],
  },
  {
    kind: 'a bearer token needs every scope the operation lists (api and its resource scope)',
    source: 'notes §1.2: one requirement lists app keys and X-Voucherify-OAuth[api, <resource>] (OpenAPI reading: all at once)',
    behaviour: allScopesRequired,
    follows: ['auth.bearer-scopes', 'every listed scope required'],
  },
  {
    kind: 'a bearer token taken only with the app keys, all at once',
    source: 'notes §1.2: the master form lists X-App-Id + X-App-Token + X-Voucherify-OAuth in one requirement (the seed: an alternative)',
    behaviour: bearerWithAppKeys,
    follows: ['oauth.token-and-bearer', 'bearer token with the app keys'],
  },
  {
    kind: 'vouchers read by code only (404 for a voucher id)',
    source: 'seed: no Get Voucher; notes §8.2: GET /v1/vouchers/{code}',
    behaviour: vouchersByCodeOnly,
    follows: ['vouchers.generated-codes', 'voucher read by its id: 404'],
  },
  {
    kind: 'voucher types sorted by their enum rank, not alphabetically',
    source: 'notes §3.7 voucher_type enum GIFT_VOUCHER, DISCOUNT_VOUCHER, LOYALTY_CARD; no collation or rank documented for order=type',
    behaviour: vouchersByTypeRank,
  },
]
