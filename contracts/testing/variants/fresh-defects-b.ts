import type { FaultInput } from '../../../mock/control/faults.js'
import type { MockServerCredentials } from '../../../mock/adapters/node-server.js'
import type { RateLimitSetting } from '../../../mock/engine/rate-limit/plans.js'
import { answerHeader, copy, rewrite, set, setRequestHeader, status } from './defect-faults.js'
import { combine, onRequest, onResponse } from './rewrites.js'
import type { Problem } from '../../types.js'
import type { Behaviour, WrapContext, WrappedRequest, WrappedResponse } from './wrap-mock.js'

/**
 * Issue 25: twenty fresh defects written blind (without reading the checks), one small mistake each that an
 * implementer of the real service could make, in auth / keys / scopes, checkout arithmetic and session locks,
 * rate-limit headers, content types and invalid bodies. Each names the promise it breaks (`promise`: the seed,
 * "notes" = ../shared/reference/real-service-notes.md, or spec/openapi.yaml). Faults of the mock's own engine where
 * a fixed change does it; the wrapper where the change depends on the request's values or on the answer.
 *
 * Blind measurement (the whole suite per defect, contracts/testing/variants/fresh-defects-b.measure.test.ts,
 * `PROMOKIT_MEASURE_FRESH=1 npx vitest run contracts/testing/variants/fresh-defects.measure.test.ts`, at 1872938):
 * 16 of 20 caught; missed: item subtotal_amount, rate-limit headers on 4xx, text/plain body on
 * createValidationRule, unvalidated copyCampaignTemplate. `blind` names the catching checks.
 * After closing the gaps (`by`, pinned in fresh-defects-b.test.ts): 19 of 20; the subtotal_amount defect breaks
 * no promise of the seed or the notes (it cited the vendor's SDK text), so no check may fail on it.
 */
export interface FreshDefect {
  kind: string
  /** The checks that caught it in the blind measurement (null: missed), before any check was changed. */
  blind: string | null
  /** The check that must fail on it now (null: none; `whyNot` says why) and what its failure must show. */
  by: string | null
  shows: Partial<Pick<Problem, 'location' | 'pointer' | 'keyword' | 'actual'>>
  whyNot?: string
  area: 'auth' | 'checkout' | 'rate-limit' | 'content-type' | 'invalid'
  promise: string
  /** The mock runs with this rate limit (its X-Rate-Limit-* headers are opt-in). */
  rateLimit?: RateLimitSetting
  faults?: (keys: MockServerCredentials) => FaultInput[]
  behaviour?: (keys: MockServerCredentials) => Behaviour
}

type Headers = Record<string, string>

/** Replaces the caller's credentials headers with `keys` when `when` says the request carried the wrong kind. */
function swapKeys(ops: string | readonly string[], when: (req: WrappedRequest, ctx: WrapContext) => boolean | Promise<boolean>, keys: Headers): Behaviour {
  return onRequest(ops, async (req, ctx) => {
    if (!(await when(req, ctx))) return
    for (const name of ['x-app-id', 'x-app-token', 'x-management-id', 'x-management-token', 'x-client-application-id', 'x-client-token', 'authorization']) delete req.headers[name]
    Object.assign(req.headers, keys)
  })
}

const appKeys = (k: MockServerCredentials): Headers => ({ 'x-app-id': k.appId, 'x-app-token': k.appToken })
const clientKeys = (k: MockServerCredentials): Headers => ({ 'x-client-application-id': k.clientId ?? '', 'x-client-token': k.clientToken ?? '' })
const managementKeys = (k: MockServerCredentials): Headers => ({ 'x-management-id': k.managementId, 'x-management-token': k.managementToken })

/** A bearer token the server issued and still honours, whatever its scope (what a deployment checking no scope sees). */
const activeBearer = (k: MockServerCredentials) => async (req: WrappedRequest, ctx: WrapContext): Promise<boolean> => {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
  if (!token) return false
  const form = `access_token=${encodeURIComponent(token)}`
  const res = await ctx.forward('POST', '/v1/oauth/introspect', form, { ...appKeys(k), 'content-type': 'application/x-www-form-urlencoded' })
  return res.status === 200 && res.body?.active === true
}
const sentValid = (headers: Headers) => (req: WrappedRequest): boolean => Object.entries(headers).every(([name, value]) => req.headers[name] === value)

const CHECKOUT_OPS = ['validateStackedDiscounts', 'redeemStackedDiscounts', 'clientValidateStackedDiscounts', 'clientRedeemStackedDiscounts']
const eachItem = (fn: (item: any) => void) => onResponse(CHECKOUT_OPS, (res) => void (res.body?.order?.items ?? []).forEach(fn), 200)

/** Rewrites one X-Rate-Limit-* header of every answer that has it. */
const rateHeader = (name: string, fn: (value: number, res: WrappedResponse) => number): Behaviour =>
  onResponse('*', (res) => {
    const value = res.headers[name]
    if (value !== undefined) res.headers[name] = String(fn(Number(value), res))
  })

export const FRESH_DEFECTS_B: FreshDefect[] = [
  // ---- client-side keys, bearer scopes, management vs application keys
  {
    kind: 'client validation compares only X-Client-Application-Id, never X-Client-Token',
    blind: 'auth.clientValidateStackedDiscounts',
    by: 'auth.clientValidateStackedDiscounts',
    shows: { location: 'status', actual: 400 },
    area: 'auth',
    promise: 'spec clientToken: "always sent together with X-Client-Application-Id"; a wrong key set is 401 (spec 401 on every operation)',
    faults: (k) => [setRequestHeader('clientValidateStackedDiscounts', 'x-client-token', k.clientToken ?? '')],
  },
  {
    kind: 'client redemptions accept the secret application keys in place of the client-side keys',
    blind: 'auth.clientRedeemStackedDiscounts',
    by: 'auth.clientRedeemStackedDiscounts',
    shows: { location: 'status', actual: 400 },
    area: 'auth',
    promise: 'notes 8.4: client keys authorise /client/v1; "the secret app keys must never ship to a browser"; spec security of /client/v1 lists only client keys or oauth2 client scopes',
    behaviour: (k) => swapKeys('clientRedeemStackedDiscounts', sentValid(appKeys(k)), clientKeys(k)),
  },
  {
    kind: 'client promotion tiers accept any live bearer token, whatever its scope',
    blind: 'auth.bearer-scopes',
    by: 'auth.bearer-scopes',
    shows: { location: 'status', actual: 200 },
    area: 'auth',
    promise: 'spec oauth2: a token works when it holds one of the operation\'s scopes (client_api, client_promotions); otherwise 401',
    behaviour: (k) => swapKeys('clientListPromotionTiers', activeBearer(k), clientKeys(k)),
  },
  {
    kind: 'redemption reads accept a bearer token without the redemptions (or api) scope',
    blind: 'auth.bearer-scopes',
    by: 'auth.bearer-scopes',
    shows: { location: 'status', actual: 200 },
    area: 'auth',
    promise: 'notes 1.2 per-operation scopes: redemptions `api`,`redemptions`; spec oauth2 description: otherwise 401',
    behaviour: (k) => swapKeys(['listRedemptions', 'getRedemption'], activeBearer(k), appKeys(k)),
  },
  {
    kind: 'management metadata schemas accept application keys',
    blind: 'auth.getMetadataSchema, auth.listProjectMetadataSchemas',
    by: 'auth.listProjectMetadataSchemas',
    shows: { location: 'status', actual: 200 },
    area: 'auth',
    promise: 'notes 1.2 / 2.8: management ops take X-Management-Id + X-Management-Token only; spec security of the management paths',
    behaviour: (k) => swapKeys(['listProjectMetadataSchemas', 'getMetadataSchema'], sentValid(appKeys(k)), managementKeys(k)),
  },
  {
    kind: 'project campaign templates wired to application-key auth: the right management keys refused with 401',
    blind: 'lists.listProjectCampaignTemplates, templates.list-management',
    by: 'templates.list-management',
    shows: { location: 'status', actual: 401 },
    area: 'auth',
    promise: 'spec listProjectCampaignTemplates security: managementId + managementToken; notes 1.2 management ops',
    faults: () => [status('listProjectCampaignTemplates', 401)],
  },
  {
    kind: 'validation-rule assignments check X-App-Id but never compare X-App-Token',
    blind: 'auth.listValidationRuleAssignments',
    by: 'auth.listValidationRuleAssignments',
    shows: { location: 'status', actual: 404 },
    area: 'auth',
    promise: 'seed Authentication: X-App-Id and X-App-Token both required together; spec 401 for wrong keys',
    faults: (k) => [setRequestHeader('listValidationRuleAssignments', 'x-app-token', k.appToken)],
  },
  // ---- checkout arithmetic and session locks
  {
    kind: 'total_discount_amount counts only the order-level discount, not the item-level ones',
    blind: 'checkout.arithmetic-fixed-items (and 6 other checkout.* checks)',
    by: 'checkout.arithmetic-fixed-items',
    shows: { location: 'behaviour', pointer: '/order/total_discount_amount' },
    area: 'checkout',
    promise: 'notes 4.3: the calculated order has discount_amount, items_discount_amount, total_discount_amount (their sum) and total_amount',
    faults: () => [copy('validateStackedDiscounts', '/order/discount_amount', '/order/total_discount_amount')],
  },
  {
    kind: 'a redemption\'s items_discount_amount counts only the first item',
    blind: 'checkout.arithmetic-redeemed',
    by: 'checkout.arithmetic-redeemed',
    shows: { location: 'behaviour', pointer: '/order/items_discount_amount' },
    area: 'checkout',
    promise: 'notes 4.3 / 4.4: items_discount_amount is the discounts of the items (the sum over order.items)',
    faults: () => [copy('redeemStackedDiscounts', '/order/items/0/discount_amount', '/order/items_discount_amount')],
  },
  {
    kind: 'an item\'s subtotal_amount not reduced by its discount',
    blind: null,
    by: null,
    shows: {},
    whyNot: 'neither the seed nor the real-service notes (nor spec/checkout.yaml) state what an item\'s subtotal_amount holds: no documented promise for a check to guard',
    area: 'checkout',
    promise: 'vendor OrderCalculatedItem.subtotal_amount: the item amount after its item-level discounts (spec/checkout.yaml examples: amount when none); not in the seed or the notes',
    behaviour: () => eachItem((item) => {
      if (item.discount_amount > 0) item.subtotal_amount = item.amount
    }),
  },
  {
    kind: 'UNIT discount: the free units are added to the cart but charged (no discount on them)',
    blind: 'checkout.arithmetic-unit-in-cart',
    by: 'checkout.arithmetic-unit-in-cart',
    shows: { location: 'behaviour', pointer: '/order/items/0/discount_amount' },
    area: 'checkout',
    promise: 'notes 2.1 UNIT discounts add free units (ADD_MISSING_ITEMS / ADD_NEW_ITEMS): their price comes off the item',
    behaviour: () => eachItem((item) => {
      if (!(item.discount_quantity > 0)) return
      item.discount_amount = 0
      item.applied_discount_amount = 0
      item.subtotal_amount = item.amount
    }),
  },
  {
    kind: 'session ttl_unit ignored: every LOCK lasts ttl DAYS',
    blind: 'checkout.session-lock-expires',
    by: 'checkout.session-lock-expires',
    shows: { location: 'behaviour', pointer: '/valid' },
    area: 'checkout',
    promise: 'notes 4.1: session `ttl` with `ttl_unit` (DAYS, HOURS, ..., SECONDS); only `type` given → 7-day lock',
    behaviour: () => combine(
      onRequest(['validateStackedDiscounts', 'clientValidateStackedDiscounts'], (req) => {
        const session = req.body?.session
        if (session?.ttl_unit && session.ttl_unit !== 'DAYS') {
          req.headers['x-fresh-ttl-unit'] = session.ttl_unit
          session.ttl_unit = 'DAYS'
        }
      }),
      // the answer echoes the unit asked for: the lock itself lasts days
      onResponse(['validateStackedDiscounts', 'clientValidateStackedDiscounts'], (res, req) => {
        if (res.body?.session && req.headers['x-fresh-ttl-unit']) res.body.session.ttl_unit = req.headers['x-fresh-ttl-unit']
      }, 200),
    ),
  },
  // ---- rate-limit headers (the mock started with a rate limit: they are opt-in)
  {
    kind: 'X-Rate-Limit-Retry in milliseconds instead of unix seconds',
    blind: 'rate-limit.headers-count-down',
    by: 'rate-limit.headers-count-down',
    shows: { location: 'header', pointer: '/x-rate-limit-retry' },
    area: 'rate-limit',
    promise: 'notes 8.3: X-Rate-Limit-Retry is the unix time of the next allowed request',
    rateLimit: 'startup',
    behaviour: () => rateHeader('x-rate-limit-retry', (v) => v * 1000),
  },
  {
    kind: 'rate-limit headers only on successful answers (none on 4xx)',
    blind: null,
    by: 'rate-limit.headers-count-down',
    shows: { location: 'header', pointer: '/x-rate-limit-limit', actual: 'absent' },
    area: 'rate-limit',
    promise: 'notes 8.3: the X-Rate-Limit-* headers are on every answer',
    rateLimit: 'startup',
    faults: () => [400, 401, 404, 409].flatMap((s) => ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry'].map((name): FaultInput => ({ action: 'drop', in: 'response.headers', name, whenStatus: s }))),
  },
  {
    kind: 'X-Rate-Limit-Remaining reports the requests used (counting up), not the ones left',
    blind: 'rate-limit.headers-count-down',
    by: 'rate-limit.headers-count-down',
    shows: { location: 'header', pointer: '/x-rate-limit-remaining' },
    area: 'rate-limit',
    promise: 'notes 8.3: X-Rate-Limit-Remaining = requests remaining in the period (counts down)',
    rateLimit: 'startup',
    behaviour: () => rateHeader('x-rate-limit-remaining', (v, res) => Number(res.headers['x-rate-limit-limit']) - v),
  },
  // ---- content types
  {
    kind: 'validation rules created from a text/plain body (the content type never checked)',
    blind: null,
    by: 'invalid.createValidationRule',
    shows: { location: 'status', actual: 200 },
    area: 'content-type',
    promise: 'seed: requests are JSON (application/json); spec createValidationRule takes only application/json',
    faults: () => [setRequestHeader('createValidationRule', 'content-type', 'application/json')],
  },
  {
    kind: 'client promotion tiers answered as text/html',
    blind: 'lists.clientListPromotionTiers',
    by: 'lists.clientListPromotionTiers',
    shows: { location: 'content-type', keyword: 'contentType' },
    area: 'content-type',
    promise: 'seed: responses are JSON (application/json) unless stated otherwise',
    faults: () => [answerHeader('clientListPromotionTiers', 'content-type', 'text/html; charset=utf-8')],
  },
  // ---- invalid bodies and parameters on the newer operations
  {
    kind: 'copy of a campaign template without validation: name and destination_project_id not enforced',
    blind: null,
    by: 'invalid.copyCampaignTemplate',
    shows: { location: 'status', actual: 200 },
    area: 'invalid',
    promise: 'notes 2.7: name (req, unique), destination_project_id (req); bad input gets a 4xx and changes nothing',
    faults: () => [{ operationId: 'copyCampaignTemplate', action: 'skip-request-validation' }],
  },
  {
    kind: 'an invalid redemptions query (bad limit or result) answered 500',
    blind: 'invalid.listRedemptions',
    by: 'invalid.listRedemptions',
    shows: { location: 'status', actual: 500 },
    area: 'invalid',
    promise: 'spec listRedemptions 400; issue 25: never 5xx for a client\'s mistake',
    faults: () => [rewrite('listRedemptions', 400, 500)],
  },
  {
    kind: 'validation-rule assignment errors with code as a string',
    blind: 'invalid.createValidationRuleAssignment',
    by: 'invalid.createValidationRuleAssignment',
    shows: { pointer: '/code', keyword: 'errorFormat' },
    area: 'invalid',
    promise: 'notes 1.3 Error: code is an integer (the HTTP status)',
    faults: () => [400, 404, 409].map((s) => set('createValidationRuleAssignment', '/code', String(s), s)),
  },
]
