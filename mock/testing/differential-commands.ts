import fc from 'fast-check'

// The random requests of the MSW differential test (msw-differential.test.ts): what a frontend and
// its tests send, valid and not. A command picks its targets from what earlier answers created.

const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
const KEYS = { app: APP, client: CLIENT, wrong: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'not-the-token' }, none: {} }
const JSON_TYPE = { 'Content-Type': 'application/json' }

const NAMES = ['Spring', 'Summer', 'Autumn', 'Winter', 'Welcome 10% off']
const CODES = ['WELCOME-0001', 'WELCOME-0002', 'GIFT-0001', 'GIFT-0002', 'GIFT-0003', 'LOYAL-0001', 'REF-NEW1', 'NOPE-0000']
const FIXTURE_CAMPAIGNS = ['camp_demo0001', 'camp_demo0002', 'Gift cards $100', 'camp_unknown0000']

export type Command =
  | { kind: 'create'; type: 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS' | 'PROMOTION' | 'BROKEN' | 'RAW'; name: number; count: number; prefer: boolean }
  | { kind: 'list'; query: string; keys: keyof typeof KEYS; origin: boolean }
  | { kind: 'preflight'; method: 'POST' | 'DELETE' }
  | { kind: 'get' | 'delete' | 'vouchers' | 'export'; pick: number; query: string }
  | { kind: 'voucher'; code: number }
  | { kind: 'validate' | 'redeem'; codes: number[]; amount: number; client: boolean }
  | { kind: 'getExport' | 'getRedemption'; pick: number }
  | { kind: 'redemptions'; query: string }
  | { kind: 'category'; name: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'finish' | 'unknownRoute' | 'clearFaults' }
  | { kind: 'fault'; code: number }
  | { kind: 'sandbox' }
  | { kind: 'inSandbox'; pick: number; client: boolean }
  | { kind: 'sandboxReset' | 'sandboxDelete'; pick: number }

export const commands: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), type: fc.constantFrom('DISCOUNT_COUPONS' as const, 'GIFT_VOUCHERS' as const, 'PROMOTION' as const, 'BROKEN' as const, 'RAW' as const), name: fc.nat(), count: fc.integer({ min: 0, max: 30 }), prefer: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('list' as const), query: fc.constantFrom('', 'limit=2', 'limit=2&page=2', 'order=-created_at&limit=5', 'limit=abc', 'expand=category'), keys: fc.constantFrom('app' as const, 'app' as const, 'wrong' as const, 'none' as const), origin: fc.boolean() }) },
  fc.record({ kind: fc.constant('preflight' as const), method: fc.constantFrom('POST' as const, 'DELETE' as const) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('get' as const, 'delete' as const, 'vouchers' as const, 'export' as const), pick: fc.nat(), query: fc.constantFrom('', 'force=true', 'limit=3', 'limit=5&page=2') }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('validate' as const, 'redeem' as const), codes: fc.array(fc.nat(), { minLength: 0, maxLength: 3 }), amount: fc.constantFrom(0, 1500, 20000, -5), client: fc.boolean() }) },
  fc.record({ kind: fc.constant('voucher' as const), code: fc.nat() }),
  fc.record({ kind: fc.constantFrom('getExport' as const, 'getRedemption' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('redemptions' as const), query: fc.constantFrom('', 'result=FAILURE', 'limit=2') }),
  fc.record({ kind: fc.constant('category' as const), name: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 10, 1000, 5000, 60_000) }),
  fc.record({ kind: fc.constantFrom('finish' as const, 'unknownRoute' as const, 'clearFaults' as const) }),
  fc.record({ kind: fc.constant('fault' as const), code: fc.nat() }),
  fc.record({ kind: fc.constant('sandbox' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('inSandbox' as const), pick: fc.nat(), client: fc.boolean() }) },
  fc.record({ kind: fc.constantFrom('sandboxReset' as const, 'sandboxDelete' as const), pick: fc.nat() }),
)

/** What earlier answers created, so later commands hit real objects (and deleted ones). */
export interface World {
  campaigns: string[]
  exports: string[]
  redemptions: string[]
  /** Sandboxes alive, by creation order; each side has its own ids and keys (random), see Call.sandbox. */
  sandboxes: number
}

export const newWorld = (): World => ({ campaigns: [...FIXTURE_CAMPAIGNS], exports: ['exp_unknown0000'], redemptions: ['r_unknown0000'], sandboxes: 0 })

export interface Call {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
  /** The spec's operation, whose documented answers the served mock's answer must be one of. */
  operationId?: string
  /** Or the control API's (mock/control/control-openapi.yaml). */
  controlOperation?: string
  /**
   * A sandbox (index in creation order) whose keys the call uses (`keys`) or whose id stands for `{sandbox}`
   * in the path: each side fills in its own, as the ids and keys are random.
   */
  sandbox?: { index: number; keys?: 'app' | 'client' }
}

const pickFrom = <T>(list: T[], n: number): T => list[n % list.length]
const json = (value: unknown) => JSON.stringify(value)

function campaignBody(c: Extract<Command, { kind: 'create' }>): string {
  const name = pickFrom(NAMES, c.name)
  if (c.type === 'RAW') return '{"name": "Broken", '
  if (c.type === 'BROKEN') return json({ name, campaign_type: 'DISCOUNT_COUPONS', vouchers_count: -c.count - 1, voucher: { type: 'DISCOUNT_VOUCHER' } })
  if (c.type === 'PROMOTION') return json({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: `${name} tier`, action: { discount: { type: 'PERCENT', percent_off: 10 } } }] } })
  const voucher = c.type === 'GIFT_VOUCHERS' ? { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } : { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } }
  return json({ name, campaign_type: c.type, vouchers_count: c.count, voucher })
}

export function callFor(c: Command, world: World): Call {
  const campaign = (n: number) => encodeURIComponent(pickFrom(world.campaigns, n))
  switch (c.kind) {
    case 'create':
      return { method: 'POST', path: '/v1/campaigns', headers: { ...APP, ...JSON_TYPE, ...(c.prefer ? { Prefer: 'code=409' } : {}) }, body: campaignBody(c), operationId: 'createCampaign' }
    case 'list':
      return { method: 'GET', path: `/v1/campaigns?${c.query}`, headers: { ...KEYS[c.keys], ...(c.origin ? { Origin: 'http://localhost:5173' } : {}) }, operationId: 'listCampaigns' }
    case 'preflight':
      return { method: 'OPTIONS', path: '/v1/campaigns', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': c.method, 'Access-Control-Request-Headers': 'x-app-id, x-app-token, content-type, prefer' } }
    case 'get':
      return { method: 'GET', path: `/v1/campaigns/${campaign(c.pick)}`, headers: APP, operationId: 'getCampaign' }
    case 'delete':
      return { method: 'DELETE', path: `/v1/campaigns/${campaign(c.pick)}?${c.query}`, headers: APP, operationId: 'deleteCampaign' }
    case 'vouchers':
      return { method: 'GET', path: `/v1/vouchers?campaign=${campaign(c.pick)}&${c.query}`, headers: APP, operationId: 'listVouchers' }
    case 'export':
      return { method: 'POST', path: `/v1/campaigns/${campaign(c.pick)}/transactions/export`, headers: { ...APP, ...JSON_TYPE }, body: '{}', operationId: 'exportCampaignTransactions' }
    case 'getExport':
      return { method: 'GET', path: `/v1/exports/${pickFrom(world.exports, c.pick)}`, headers: APP, operationId: 'getExport' }
    case 'getRedemption':
      return { method: 'GET', path: `/v1/redemptions/${pickFrom(world.redemptions, c.pick)}`, headers: APP, operationId: 'getRedemption' }
    case 'redemptions':
      return { method: 'GET', path: `/v1/redemptions?${c.query}`, headers: APP, operationId: 'listRedemptions' }
    case 'voucher':
      return { method: 'GET', path: `/v1/vouchers/${pickFrom(CODES, c.code)}`, headers: APP, operationId: 'getVoucher' }
    case 'validate':
    case 'redeem': {
      const redeemables = c.codes.map((n) => ({ object: 'voucher', id: pickFrom(CODES, n) }))
      const operation = c.kind === 'validate' ? 'validations' : 'redemptions'
      const operationId = `${c.kind === 'validate' ? 'validate' : 'redeem'}StackedDiscounts`
      return {
        method: 'POST',
        path: `${c.client ? '/client' : ''}/v1/${operation}`,
        headers: { ...(c.client ? CLIENT : APP), ...JSON_TYPE },
        body: json({ redeemables, order: { amount: c.amount } }),
        operationId: c.client ? `client${operationId[0].toUpperCase()}${operationId.slice(1)}` : operationId,
      }
    }
    case 'category':
      return { method: 'POST', path: '/v1/categories', headers: { ...APP, ...JSON_TYPE }, body: json({ name: `cat-${c.name % 4}`, hierarchy: c.name % 3 }), operationId: 'createCategory' }
    case 'advance':
      return { method: 'POST', path: '/_mock/clock/advance', headers: JSON_TYPE, body: json({ ms: c.ms }), controlOperation: 'advanceClock' }
    case 'finish':
      return { method: 'POST', path: '/_mock/jobs/finish', headers: JSON_TYPE, controlOperation: 'finishJobs' }
    case 'clearFaults':
      return { method: 'DELETE', path: '/_mock/faults', headers: JSON_TYPE, controlOperation: 'clearFaults' }
    case 'fault': {
      // one armed failure for a code a later getVoucher may ask for; the next hit answers it once
      const fault = { operationId: 'getVoucher', action: 'status', status: 404, times: 1, match: { params: { code: pickFrom(CODES, c.code) } } }
      return { method: 'POST', path: '/_mock/faults', headers: JSON_TYPE, body: json(fault), controlOperation: 'addFault' }
    }
    case 'unknownRoute':
      return { method: 'GET', path: '/v1/nothing-here', headers: APP }
    case 'sandbox':
      return { method: 'POST', path: '/_mock/sandboxes', headers: JSON_TYPE, controlOperation: 'createSandbox' }
    case 'inSandbox':
      // a sandbox's own data: what its app keys list, what its client keys validate (none yet: the default project's)
      if (world.sandboxes === 0) return { method: 'GET', path: '/v1/campaigns', headers: {}, operationId: 'listCampaigns' }
      if (c.client) return { method: 'POST', path: '/client/v1/validations', headers: JSON_TYPE, body: json({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 100 } }] }), operationId: 'clientValidateStackedDiscounts', sandbox: { index: c.pick % world.sandboxes, keys: 'client' } }
      return { method: 'GET', path: '/v1/campaigns?limit=3', headers: {}, operationId: 'listCampaigns', sandbox: { index: c.pick % world.sandboxes, keys: 'app' } }
    case 'sandboxReset':
    case 'sandboxDelete': {
      if (world.sandboxes === 0) return { method: 'DELETE', path: '/_mock/sandboxes/sbx_none', headers: JSON_TYPE, controlOperation: 'deleteSandbox' }
      const sandbox = { index: c.pick % world.sandboxes }
      return c.kind === 'sandboxReset'
        ? { method: 'POST', path: '/_mock/sandboxes/{sandbox}/reset', headers: JSON_TYPE, controlOperation: 'resetSandbox', sandbox }
        : { method: 'DELETE', path: '/_mock/sandboxes/{sandbox}', headers: JSON_TYPE, controlOperation: 'deleteSandbox', sandbox }
    }
  }
}

/** Remembers what an answer created (the same on both sides, or the test has already failed). */
export function observe(world: World, c: Command, call: Call, status: number, body: unknown): void {
  if (c.kind === 'sandbox' && status === 201) world.sandboxes++
  if (c.kind === 'sandboxDelete' && status === 204) world.sandboxes--
  const object = body as { id?: string; name?: string; redemptions?: { id: string }[] } | undefined
  if (status !== 200 || !object) return
  if (c.kind === 'create' && object.id) world.campaigns.push(object.id, object.name ?? object.id)
  if (c.kind === 'export' && object.id) world.exports.push(object.id)
  if (c.kind === 'redeem' && object.redemptions) world.redemptions.push(...object.redemptions.map((r) => r.id))
  if (c.kind === 'delete' && call.path.includes('force=true')) world.campaigns = world.campaigns.filter((id) => !call.path.includes(`/${encodeURIComponent(id)}?`))
}
