import type { FaultInput } from '../../../mock/control/faults.js'
import { dropQuery, dropRequestBody, dropRequestHeader, move, rewrite, set, setQuery, setRequestHeader, status } from './defect-faults.js'

/** Keys the defects need to act as a broken deployment would (accepting one set of keys for another). */
export interface DefectKeys {
  appId: string
  appToken: string
}

/**
 * A defect for the checks issue 25 added (auth matrix, list invariants, invalid requests, --generate): the check
 * `by` must fail on it, at `where` (a JSON pointer, or `status` / a problem keyword) — the proof each new
 * check catches what it guards. Each is faults armed in the mock's own engine.
 */
export interface PinnedDefect {
  kind: string
  by: string
  /** Where the failure must point: the pointer of a problem, or its keyword (`status`, `nothingChanged`, ...). */
  where: string
  faults: (keys: DefectKeys) => FaultInput[]
  /** For a generated check: how many requests to generate (default the check's own). */
  generate?: number
}

const REFUSAL = { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'parameters: invalid', request_id: 'v-pkdefect400' }

/** A request with other keys served anyway: a proxy in front puts the application's keys on it. */
const servedAnyway = (op: string) => (keys: DefectKeys): FaultInput[] => [setRequestHeader(op, 'x-app-id', keys.appId), setRequestHeader(op, 'x-app-token', keys.appToken)]

export const SPEC_DERIVED_DEFECTS: PinnedDefect[] = [
  { kind: 'client-side keys open a /v1 operation', by: 'auth.foreign-keys', where: 'status', faults: servedAnyway('listCategories') },
  { kind: 'management keys open a /v1 operation', by: 'auth.foreign-keys', where: 'status', faults: servedAnyway('listVouchers') },
  { kind: 'a bearer token without the operation\'s scope accepted', by: 'auth.bearer-scopes', where: 'status', faults: servedAnyway('listCategories') },
  // a resource scope alone may be refused (every listed scope required), a token with every scope may not
  { kind: 'bearer tokens refused on one operation whatever their scopes', by: 'auth.bearer-scopes', where: 'status', faults: () => [dropRequestHeader('listCategories', 'authorization')] },
  { kind: 'limit ignored', by: 'lists.listVouchers', where: '/total', faults: () => [dropQuery('listVouchers', 'limit')] },
  { kind: 'page ignored: page 2 repeats page 1', by: 'lists.listVouchers', where: '/vouchers', faults: () => [dropQuery('listVouchers', 'page')] },
  { kind: 'a documented filter ignored', by: 'lists.listVouchers', where: '/vouchers', faults: () => [dropQuery('listVouchers', 'campaign_id')] },
  { kind: 'total counts the page, not the list', by: 'lists.listVouchers', where: '/total', faults: () => [set('listVouchers', '/total', 1)] },
  { kind: 'a documented order ignored', by: 'lists.listCampaigns', where: 'order', faults: () => [setQuery('listCampaigns', 'order', 'created_at')] },
  // an enum field need only keep equal values together (its rank is not documented): one voucher out of its group does not
  { kind: 'order=type with a voucher out of its type\'s group', by: 'lists.listVouchers', where: 'order=type', faults: () => [{ ...move('listVouchers', '/vouchers/0', '/vouchers/-'), match: { query: { order: 'type' } } }] },
  { kind: '500 for an invalid body', by: 'invalid.createCategory', where: 'status', faults: () => [rewrite('createCategory', 400, 500)] },
  { kind: 'a body sent as text/plain accepted as JSON', by: 'invalid.createCategory', where: 'status', faults: () => [setRequestHeader('createCategory', 'content-type', 'application/json')] },

  {
    kind: 'an invalid update refused but applied',
    by: 'invalid.updateRewardAssignment',
    where: 'nothingChanged',
    // applied unvalidated, then answered with the refusal it should have been
    faults: () => [{ operationId: 'updateRewardAssignment', action: 'skip-request-validation' }, rewrite('updateRewardAssignment', 200, 400), set('updateRewardAssignment', '', REFUSAL)],
  },

  { kind: 'a second rollback of the same redemption accepted', by: 'checkout.rollback-restores', where: 'status', faults: () => [rewrite('rollbackRedemption', 400, 200)] },

  {
    kind: 'a valid order refused as an invalid query',
    by: 'generate.listExports',
    where: 'positiveDataAcceptance',
    generate: 600,
    faults: () => [{ ...status('listExports', 400), match: { query: { order: 'created_at' } } }],
  },

  { kind: 'a 5xx for an invalid query (an out-of-range limit among them)', by: 'generate.listValidationRules', where: 'status', generate: 600, faults: () => [rewrite('listValidationRules', 400, 500)] },

  { kind: 'an update drops the description', by: 'generate.stateful-campaigns', where: '/description', generate: 800, faults: () => [dropRequestBody('updateCampaign', '/description')] },

]
