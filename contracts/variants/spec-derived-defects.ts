import { errorAnswer, onRequest, onResponse, setStatus } from './rewrites.js'
import type { Behaviour } from './wrap-mock.js'

/** Keys the defects need to act as a broken deployment would (accepting one set of keys for another). */
export interface DefectKeys {
  appId: string
  appToken: string
}

/**
 * A defect for the checks issue 25 added (auth matrix, list invariants, invalid requests, --generate): the check
 * `by` must fail on it, at `where` (a JSON pointer, or `status` / a problem keyword) — the proof each new
 * check catches what it guards. Defined apart from defects.ts (that table is being moved and unified).
 */
export interface PinnedDefect {
  kind: string
  by: string
  /** Where the failure must point: the pointer of a problem, or its keyword (`status`, `nothingChanged`, ...). */
  where: string
  behaviour: (keys: DefectKeys) => Behaviour
  /** For a generated check: how many requests to generate (default the check's own). */
  generate?: number
}

const appHeaders = (keys: DefectKeys, req: { headers: Record<string, string> }): Record<string, string> => ({ ...req.headers, 'x-app-id': keys.appId, 'x-app-token': keys.appToken })
/** A refused request served anyway, as if the keys it came with were the application's. */
const servedAnyway = (ops: string, when: (headers: Record<string, string>) => boolean) => (keys: DefectKeys): Behaviour =>
  onResponse(ops, (res, req, ctx) => (when(req.headers) ? ctx.forward(req.method, req.url.pathname + req.url.search, req.body, appHeaders(keys, req)) : undefined), 401)
const dropQuery = (op: string, name: string) => (): Behaviour => onRequest(op, (req) => void req.url.searchParams.delete(name))

export const SPEC_DERIVED_DEFECTS: PinnedDefect[] = [
  { kind: 'client-side keys open a /v1 operation', by: 'auth.foreign-keys', where: 'status', behaviour: servedAnyway('listCategories', (h) => Boolean(h['x-client-token'])) },
  { kind: 'management keys open a /v1 operation', by: 'auth.foreign-keys', where: 'status', behaviour: servedAnyway('listVouchers', (h) => Boolean(h['x-management-token'])) },
  { kind: 'a bearer token without the operation\'s scope accepted', by: 'auth.bearer-scopes', where: 'status', behaviour: servedAnyway('listCategories', (h) => Boolean(h.authorization)) },
  { kind: 'limit ignored', by: 'lists.listVouchers', where: '/total', behaviour: dropQuery('listVouchers', 'limit') },
  { kind: 'page ignored: page 2 repeats page 1', by: 'lists.listVouchers', where: '/vouchers', behaviour: dropQuery('listVouchers', 'page') },
  { kind: 'a documented filter ignored', by: 'lists.listVouchers', where: '/vouchers', behaviour: dropQuery('listVouchers', 'campaign_id') },
  { kind: 'total counts the page, not the list', by: 'lists.listVouchers', where: '/total', behaviour: () => onResponse('listVouchers', (res) => void (res.body.total = res.body.vouchers.length), 200) },
  { kind: 'a documented order ignored', by: 'lists.listCampaigns', where: 'order', behaviour: () => onRequest('listCampaigns', (req) => void (req.url.searchParams.get('order') === '-created_at' && req.url.searchParams.set('order', 'created_at'))) },
  { kind: '500 for an invalid body', by: 'invalid.createCategory', where: 'status', behaviour: () => setStatus('createCategory', 400, 500) },
  {
    kind: 'a body sent as text/plain accepted as JSON',
    by: 'invalid.createCategory',
    where: 'status',
    behaviour: () => onRequest('createCategory', (req) => {
      if (!/text\/plain/.test(req.headers['content-type'] ?? '')) return
      req.headers['content-type'] = 'application/json'
      req.body = JSON.parse(req.text)
    }),
  },
  {
    kind: 'an invalid update refused but applied',
    by: 'invalid.updateRewardAssignment',
    where: 'nothingChanged',
    behaviour: () => onResponse('updateRewardAssignment', async (res, req, ctx) => {
      const path = req.url.pathname
      const before = await ctx.forward('GET', path, undefined, req.headers)
      const points = before.body?.parameters?.loyalty?.points
      if (typeof points === 'number') await ctx.forward('PUT', path, { parameters: { loyalty: { points: points + 1 } } }, req.headers)
    }, 400),
  },
  {
    kind: 'a second rollback of the same redemption accepted',
    by: 'checkout.rollback-restores',
    where: 'status',
    behaviour: () => onResponse('rollbackRedemption', (res, req, ctx) => {
      if (res.status === 200) ctx.state.set(req.url.pathname, res)
      else return ctx.state.get(req.url.pathname)
    }),
  },
  {
    kind: 'a valid order refused as an invalid query',
    by: 'generate.listExports',
    where: 'positiveDataAcceptance',
    generate: 600,
    behaviour: () => onRequest('listExports', (req) => (req.url.searchParams.get('order') === 'created_at' ? errorAnswer(400, 'invalid_query_params', 'Invalid query params') : undefined)),
  },
  {
    kind: 'a 5xx for an out-of-range limit',
    by: 'generate.listValidationRules',
    where: 'status',
    generate: 600,
    behaviour: () => onRequest('listValidationRules', (req) => (Number(req.url.searchParams.get('limit')) > 100 || /[^0-9]/.test(req.url.searchParams.get('limit') ?? '') ? errorAnswer(500, 'internal', 'boom') : undefined)),
  },
  {
    kind: 'an update drops the description',
    by: 'generate.stateful-campaigns',
    where: '/description',
    generate: 800,
    behaviour: () => onRequest('updateCampaign', (req) => void (req.body && delete req.body.description)),
  },
]
