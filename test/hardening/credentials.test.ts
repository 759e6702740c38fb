import { Writable } from 'node:stream'
import supertest from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sequentialIds } from '../../src/ids.js'
import { createMockApp } from '../../mock/adapters/express-app.js'
import { createMockDeps } from '../../mock/adapters/node-deps.js'
import { createLogger } from '../../mock/adapters/logging.js'
import { resetMock } from '../../mock/control/reset.js'
import { createTestApp, expectContract, type TestApp } from '../../mock/testing/index.js'
import { fingerprint } from './harness.js'

const ALL_SCOPES = ['api', 'campaigns', 'categories', 'rewards', 'referrals', 'exports', 'vouchers', 'validations', 'redemptions', 'client_api']
type CredentialKind = 'none' | 'wrong' | 'app keys' | 'bearer' | 'expired bearer' | 'management keys' | 'client keys'
const KINDS: CredentialKind[] = ['none', 'wrong', 'app keys', 'bearer', 'expired bearer', 'management keys', 'client keys']
const CLIENT_KEYS = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }

interface Call {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  body?: object
  form?: boolean
}

const RULE = { name: 'Matrix rule', rules: { '1': { name: 'order.amount', conditions: { $more_than_or_equal: [100] } }, logic: '1' } }

/** One valid request per operation (fixture ids); `ctx` holds ids made in setup. */
const CALLS: Record<string, (ctx: { exportId: string; redemptionId: string; parentRedemptionId: string; asyncActionId: string; token: string; ruleId: string }) => Call> = {
  createCampaign: () => ({ method: 'post', path: '/v1/campaigns', body: { name: 'Matrix', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } } }),
  listCampaigns: () => ({ method: 'get', path: '/v1/campaigns' }),
  getCampaign: () => ({ method: 'get', path: '/v1/campaigns/camp_demo0001' }),
  updateCampaign: () => ({ method: 'put', path: '/v1/campaigns/camp_demo0001', body: { description: 'Matrix' } }),
  deleteCampaign: () => ({ method: 'delete', path: '/v1/campaigns/camp_demo0004' }),
  getAsyncAction: ({ asyncActionId }) => ({ method: 'get', path: `/v1/async-actions/${asyncActionId}` }),
  listAsyncActions: () => ({ method: 'get', path: '/v1/async-actions' }),
  exportCampaignTransactions: () => ({ method: 'post', path: '/v1/campaigns/camp_demo0002/transactions/export', body: {} }),
  createCategory: () => ({ method: 'post', path: '/v1/categories', body: { name: 'Matrix', hierarchy: 1 } }),
  listCategories: () => ({ method: 'get', path: '/v1/categories' }),
  getCategory: () => ({ method: 'get', path: '/v1/categories/cat_demo0001' }),
  getRewardAssignment: () => ({ method: 'get', path: '/v1/rewards/rew_demo0001/assignments/rewa_demo0001' }),
  listRewardAssignments: () => ({ method: 'get', path: '/v1/rewards/rew_demo0001/assignments' }),
  updateRewardAssignment: () => ({ method: 'put', path: '/v1/rewards/rew_demo0001/assignments/rewa_demo0001', body: { parameters: { loyalty: { points: 5 } } } }),
  listReferralCodeHolders: () => ({ method: 'get', path: '/v1/referrals/camp_demo0005/members/REF-ALICE/holders' }),
  listMemberHolders: () => ({ method: 'get', path: '/v1/referrals/members/REF-ALICE/holders' }),
  getExport: ({ exportId }) => ({ method: 'get', path: `/v1/exports/${exportId}` }),
  listExports: () => ({ method: 'get', path: '/v1/exports' }),
  listPromotionTiers: () => ({ method: 'get', path: '/v1/promotions/tiers' }),
  getPromotionTier: () => ({ method: 'get', path: '/v1/promotions/tiers/promo_demo0001' }),
  listCampaignPromotionTiers: () => ({ method: 'get', path: '/v1/promotions/camp_demo0004/tiers' }),
  listVouchers: () => ({ method: 'get', path: '/v1/vouchers?campaign_id=camp_demo0001' }),
  getVoucher: () => ({ method: 'get', path: '/v1/vouchers/WELCOME-0001' }),
  validateStackedDiscounts: () => ({ method: 'post', path: '/v1/validations', body: { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 1000 } } }),
  redeemStackedDiscounts: () => ({ method: 'post', path: '/v1/redemptions', body: { redeemables: [{ object: 'voucher', id: 'WELCOME-0002' }], order: { amount: 1000 } } }),
  getRedemption: ({ redemptionId }) => ({ method: 'get', path: `/v1/redemptions/${redemptionId}` }),
  listRedemptions: () => ({ method: 'get', path: '/v1/redemptions?result=SUCCESS' }),
  rollbackRedemption: ({ parentRedemptionId }) => ({ method: 'post', path: `/v1/redemptions/${parentRedemptionId}/rollback`, body: { reason: 'matrix' } }),
  getVoucherRedemptions: () => ({ method: 'get', path: '/v1/vouchers/GIFT-0001/redemption' }),
  listVoucherRedemptions: () => ({ method: 'get', path: '/v1/vouchers/GIFT-0001/redemptions?page=1&limit=10' }),
  createOAuthToken: () => ({ method: 'post', path: '/v1/oauth/token', body: { grant_type: 'client_credentials', scope: 'api campaigns' }, form: true }),
  introspectOAuthToken: ({ token }) => ({ method: 'post', path: '/v1/oauth/introspect', body: { access_token: token }, form: true }),
  revokeOAuthToken: ({ token }) => ({ method: 'post', path: '/v1/oauth/token/revoke', body: { access_token: token }, form: true }),
  copyCampaignTemplate: () => ({ method: 'post', path: '/management/v1/projects/proj_demo0001/templates/campaigns/camp_tpl_demo0001/copy', body: { name: 'Matrix copy', destination_project_id: 'proj_demo0002' } }),
  getMetadataSchema: () => ({ method: 'get', path: '/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001' }),
  listProjectMetadataSchemas: () => ({ method: 'get', path: '/management/v1/projects/proj_demo0001/metadata-schemas' }),
  listProjectCampaignTemplates: () => ({ method: 'get', path: '/management/v1/projects/proj_demo0001/templates/campaigns' }),
  listMetadataSchemas: () => ({ method: 'get', path: '/v1/metadata-schemas' }),
  getMetadataSchemaByResource: () => ({ method: 'get', path: '/v1/metadata-schemas/campaign' }),
  listCampaignTemplates: () => ({ method: 'get', path: '/v1/templates/campaigns' }),
  clientValidateStackedDiscounts: () => ({ method: 'post', path: '/client/v1/validations', body: { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 1000 } } }),
  clientRedeemStackedDiscounts: () => ({ method: 'post', path: '/client/v1/redemptions', body: { redeemables: [{ object: 'voucher', id: 'WELCOME-0002' }], order: { amount: 1000 } } }),
  clientListPromotionTiers: () => ({ method: 'get', path: '/client/v1/promotions/tiers' }),
  createValidationRule: () => ({ method: 'post', path: '/v1/validation-rules', body: RULE }),
  listValidationRules: () => ({ method: 'get', path: '/v1/validation-rules' }),
  getValidationRule: ({ ruleId }) => ({ method: 'get', path: `/v1/validation-rules/${ruleId}` }),
  createValidationRuleAssignment: ({ ruleId }) => ({ method: 'post', path: `/v1/validation-rules/${ruleId}/assignments`, body: { related_object_type: 'campaign', related_object_id: 'camp_demo0001' } }),
  listValidationRuleAssignments: ({ ruleId }) => ({ method: 'get', path: `/v1/validation-rules/${ruleId}/assignments` }),
}

/** The calls that name a redemption made in their set-up (any other reading undefined in its path would not answer its success status). */
const REDEMPTION_IDS = new Set(['getRedemption', 'rollbackRedemption'])
const SUCCESS: Record<string, number> = { deleteCampaign: 202, revokeOAuthToken: 204 }
const management = (op: string) => op === 'copyCampaignTemplate' || op === 'getMetadataSchema' || op.startsWith('listProject')
const client = (op: string) => op.startsWith('client')

/** The documented answer: app operations take app keys or a live bearer token, the token endpoints app keys only, management operations management keys only, the browser API client keys or a bearer token. */
function expected(op: string, kind: CredentialKind): number {
  const ok = SUCCESS[op] ?? 200
  if (management(op)) return kind === 'management keys' ? ok : 401
  if (client(op)) return kind === 'client keys' || kind === 'bearer' ? ok : 401
  if (op.endsWith('OAuthToken')) return kind === 'app keys' ? ok : 401
  return kind === 'app keys' || kind === 'bearer' ? ok : 401
}

const TABLE = Object.keys(CALLS).flatMap((op) => KINDS.map((kind) => [op, kind, expected(op, kind)] as const))

describe('credentials matrix', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  beforeEach(() => resetMock(t.deps))

  it('covers every operation of the spec', () => {
    expect(Object.keys(CALLS).sort()).toEqual(t.deps.validator.operations.map((o) => o.operationId).sort())
  })

  it.each(TABLE)('%s with %s credentials → %i', async (op, kind, status) => {
    const project = t.deps.projects.get('proj_demo0001')!
    const exportId = project.exports.exportCampaignTransactions('camp_demo0002', {}, 'http://x').id
    const asyncActionId = project.asyncActions.enqueue({ type: 'CAMPAIGN.DELETE', requestId: 'v-matrix', queuedMs: 0, runMs: 1, result: {} }).id
    // a redemption of its own only where the call names one (a third of each case's time otherwise)
    const redeemed = REDEMPTION_IDS.has(op) ? await t.request.post('/v1/redemptions').set(t.headers.app).send({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 1 } }], order: { amount: 100 } }) : undefined
    const redemptionId = redeemed?.body.redemptions[0].id as string
    const parentRedemptionId = redeemed?.body.parent_redemption.id as string
    const now = t.clock.now()
    t.clock.set(now - 901_000)
    const expired = t.deps.tokens.issue({ projectId: 'proj_demo0001', clientId: 'promokit-app-id', scopes: ALL_SCOPES }).accessToken
    t.clock.set(now)
    const bearer = t.deps.tokens.issue({ projectId: 'proj_demo0001', clientId: 'promokit-app-id', scopes: ALL_SCOPES }).accessToken
    const headers: Record<CredentialKind, Record<string, string>> = {
      none: {},
      wrong: management(op)
        ? { 'X-Management-Id': 'promokit-management-id', 'X-Management-Token': 'wrong' }
        : client(op) ? { ...CLIENT_KEYS, 'X-Client-Token': 'wrong' } : { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'wrong' },
      'app keys': t.headers.app,
      bearer: { Authorization: `Bearer ${bearer}` },
      'expired bearer': { Authorization: `Bearer ${expired}` },
      'management keys': t.headers.management,
      'client keys': CLIENT_KEYS,
    }
    const token = t.deps.tokens.issue({ projectId: 'proj_demo0001', clientId: 'promokit-app-id', scopes: ['api'] }).accessToken
    const ruleId = (project.validationRules.create(RULE) as { id: string }).id
    const call = CALLS[op]({ exportId, redemptionId, parentRedemptionId, asyncActionId, token, ruleId })
    let req = t.request[call.method](call.path).set(headers[kind])
    if (call.body) req = call.form ? req.type('form').send(call.body) : req.send(call.body)
    const before = status === 401 ? fingerprint(t) : undefined
    const res = await req
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    expectContract(res, op)
    if (status === 401) {
      expect(res.body.key).toBe('unauthorized')
      expect(fingerprint(t)).toBe(before)
    }
  })
})

describe('project isolation', () => {
  it("never lets project B's credentials read or change project A's data, even with A's ids", async () => {
    const t = await createTestApp()
    const a = t.deps.projects.get('proj_demo0001')!
    const exportId = a.exports.exportCampaignTransactions('camp_demo0002', {}, 'http://x').id
    const redeemed = await t.request.post('/v1/redemptions').set(t.headers.app).send({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 1 } }], order: { amount: 100 } })
    const redemptionId = redeemed.body.redemptions[0].id as string
    const bToken = t.deps.tokens.issue({ projectId: 'proj_demo0002', clientId: 'promokit-app-id-2', scopes: ALL_SCOPES }).accessToken
    const aState = () => JSON.stringify({ ...a.dump(), vouchers: a.vouchers.list({ limit: 1_000_000 }) })
    const before = aState()

    for (const creds of [t.headers.appB, { Authorization: `Bearer ${bToken}` }]) {
      const guessed: Array<[string, supertest.Test]> = [
        ['getCampaign', t.request.get('/v1/campaigns/camp_demo0001')],
        ['getCampaign', t.request.get('/v1/campaigns/Spring%20sale')],
        ['deleteCampaign', t.request.delete('/v1/campaigns/camp_demo0004')],
        ['updateCampaign', t.request.put('/v1/campaigns/camp_demo0001').send({ description: 'from B' })],
        ['exportCampaignTransactions', t.request.post('/v1/campaigns/camp_demo0002/transactions/export').send({})],
        ['getExport', t.request.get(`/v1/exports/${exportId}`)],
        ['getVoucher', t.request.get('/v1/vouchers/v_demo0001')],
        ['getVoucher', t.request.get('/v1/vouchers/GIFT-0001')],
        ['getRedemption', t.request.get(`/v1/redemptions/${redemptionId}`)],
        ['getCategory', t.request.get('/v1/categories/cat_demo0001')],
        ['getPromotionTier', t.request.get('/v1/promotions/tiers/promo_demo0001')],
        ['listCampaignPromotionTiers', t.request.get('/v1/promotions/camp_demo0004/tiers')],
        ['getRewardAssignment', t.request.get('/v1/rewards/rew_demo0001/assignments/rewa_demo0001')],
        ['listRewardAssignments', t.request.get('/v1/rewards/rew_demo0001/assignments')],
        ['updateRewardAssignment', t.request.put('/v1/rewards/rew_demo0001/assignments/rewa_demo0001').send({ parameters: { loyalty: { points: 1 } } })],
        ['listReferralCodeHolders', t.request.get('/v1/referrals/camp_demo0005/members/REF-ALICE/holders')],
        ['listMemberHolders', t.request.get('/v1/referrals/members/REF-ALICE/holders')],
      ]
      for (const [op, req] of guessed) {
        const res = await req.set(creds)
        expect(res.status, `${op} ${JSON.stringify(res.body)}`).toBe(404)
        expectContract(res, op)
      }
      // A's codes are unknown to B's checkout; B's list shows none of A's campaigns or vouchers
      const redeem = await t.request.post('/v1/redemptions').set(creds).send({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 1 } }], order: { amount: 100 } })
      expectContract(redeem, 'redeemStackedDiscounts')
      expect(redeem.body.redemptions ?? [], JSON.stringify(redeem.body)).toEqual([])
      const list = await t.request.get('/v1/campaigns?limit=100').set(creds)
      expect(list.body.campaigns.map((c: { id: string }) => c.id).filter((id: string) => !id.startsWith('camp_demob'))).toEqual([])
      const vouchers = await t.request.get('/v1/vouchers?campaign_id=camp_demo0001').set(creds)
      expect(vouchers.body.vouchers).toEqual([])
      // the same code in B is B's own voucher
      const own = await t.request.get('/v1/vouchers/WELCOME-0001').set(creds)
      expect(own.body.campaign_id).toBe('camp_demob001')
    }
    // a name A uses is free in B
    const sameName = await t.request.post('/v1/campaigns').set(t.headers.appB).send({ name: 'Spring sale', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })
    expect(sameName.status).toBe(200)
    expect(aState()).toBe(before)
  })
})

describe('secrets', () => {
  it('never writes a token or key to the logs or to an error body', async () => {
    const lines: string[] = []
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) })
    const deps = await createMockDeps({ logLevel: 'trace', clock: 'manual' }, { ids: sequentialIds(), logger: createLogger('trace', sink) })
    const request = supertest(createMockApp(deps))
    const [a] = deps.config.credentials.projects
    const app = { 'X-App-Id': a.appId, 'X-App-Token': a.appToken }
    const mgmt = { 'X-Management-Id': deps.config.credentials.management.id, 'X-Management-Token': deps.config.credentials.management.token }
    const token = await request.post('/v1/oauth/token').set(app).type('form').send({ grant_type: 'client_credentials', scope: 'api campaigns exports' })
    const bearer = token.body.access_token as string
    const exported = await request.post('/v1/campaigns/camp_demo0002/transactions/export').set(app).send({})
    // exports finish on the clock
    ;(deps.clock as unknown as { advance(ms: number): void }).advance(10_000)
    const done = await request.get(`/v1/exports/${exported.body.id}`).set(app)
    const url = new URL(done.body.result.url)
    const exportToken = url.searchParams.get('token') as string
    const wrongSecret = 'wrong-secret-a1b2c3d4e5'
    const bodies: string[] = []
    const calls = [
      request.get('/v1/campaigns').set(app),
      request.get('/v1/campaigns').set({ ...app, 'X-App-Token': wrongSecret }),
      request.get('/v1/campaigns').set({ Authorization: `Bearer ${bearer}` }),
      request.get('/v1/campaigns').set({ Authorization: `Bearer ${wrongSecret}` }),
      request.get('/v1/campaigns').set({ Authorization: `bearer ${bearer}` }),
      request.get('/v1/campaigns/nope').set(mgmt),
      request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001').set({ ...mgmt, 'X-Management-Token': wrongSecret }),
      request.get('/management/v1/projects/proj_demo0001/metadata-schemas/ms_demo0001').set(mgmt),
      request.get(`${url.pathname}?token=${exportToken}`),
      request.get(`${url.pathname}?token=${wrongSecret}`),
      request.get(`${url.pathname}?token[]=${wrongSecret}`),
      request.get(`${url.pathname}?token%5B0%5D=${wrongSecret}`),
      request.get(`${url.pathname}?%74oken=${wrongSecret}`),
      request.get(`${url.pathname}?x=1&token=${exportToken}&y=2`),
      request.get(`${url.pathname}?TOKEN=${wrongSecret}`).set(app),
      request.post('/v1/oauth/token').set({ ...app, 'X-App-Token': wrongSecret }).type('form').send({ grant_type: 'client_credentials', scope: 'api' }),
      request.post('/v1/oauth/token').set(app).type('form').send({ grant_type: 'password', scope: 'nope' }),
    ]
    for (const call of calls) {
      const res = await call
      if (res.status >= 400) bodies.push(res.text)
    }
    const secrets = [a.appToken, deps.config.credentials.management.token, bearer, exportToken, wrongSecret, deps.config.credentials.projects[1].appToken]
    const log = lines.join('')
    expect(lines.length).toBeGreaterThan(calls.length)
    for (const secret of secrets) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…: ${lines.find((l) => l.includes(secret))}`).toBe(false)
      for (const body of bodies) expect(body.includes(secret), `error body contains ${secret.slice(0, 6)}…: ${body}`).toBe(false)
    }
  })
})
