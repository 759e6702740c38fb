import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../testing/index.js'

// Issue 13 item 6: HEAD answers like GET, without a body (RFC 9110 §9.3.2), on every GET operation.
const MANAGEMENT = '/management/v1/projects/proj_demo0001'
/** One path per GET operation of the spec (fixture ids), plus a miss; `client` and `management` pick the keys. */
const PATHS: Record<string, string[]> = {
  listCampaigns: ['/v1/campaigns?limit=2'],
  getCampaign: ['/v1/campaigns/camp_demo0001', '/v1/campaigns/camp_nope'],
  listAsyncActions: ['/v1/async-actions'],
  getAsyncAction: ['/v1/async-actions/aa_nope'],
  listCategories: ['/v1/categories'],
  getCategory: ['/v1/categories/cat_demo0001', '/v1/categories/cat_nope'],
  listRewardAssignments: ['/v1/rewards/rew_demo0001/assignments'],
  getRewardAssignment: ['/v1/rewards/rew_demo0001/assignments/rewa_demo0001'],
  listReferralCodeHolders: ['/v1/referrals/camp_demo0005/members/REF-ALICE/holders'],
  listMemberHolders: ['/v1/referrals/members/REF-ALICE/holders'],
  listExports: ['/v1/exports'],
  getExport: ['/v1/exports/exp_nope'],
  listVouchers: ['/v1/vouchers?limit=1'],
  getVoucher: ['/v1/vouchers/WELCOME-0001'],
  getVoucherRedemptions: ['/v1/vouchers/GIFT-0001/redemption'],
  listVoucherRedemptions: ['/v1/vouchers/GIFT-0001/redemptions'],
  listRedemptions: ['/v1/redemptions?result=FAILURE'],
  getRedemption: ['/v1/redemptions/r_nope'],
  listValidationRules: ['/v1/validation-rules'],
  getValidationRule: ['/v1/validation-rules/val_nope'],
  listValidationRuleAssignments: ['/v1/validation-rules/val_nope/assignments'],
  listPromotionTiers: ['/v1/promotions/tiers'],
  getPromotionTier: ['/v1/promotions/tiers/promo_demo0001'],
  listCampaignPromotionTiers: ['/v1/promotions/camp_demo0004/tiers'],
  listCampaignTemplates: ['/v1/templates/campaigns'],
  listMetadataSchemas: ['/v1/metadata-schemas'],
  getMetadataSchemaByResource: ['/v1/metadata-schemas/campaign'],
  clientListPromotionTiers: ['/client/v1/promotions/tiers'],
  listProjectCampaignTemplates: [`${MANAGEMENT}/templates/campaigns`],
  listProjectMetadataSchemas: [`${MANAGEMENT}/metadata-schemas`],
  getMetadataSchema: [`${MANAGEMENT}/metadata-schemas/ms_demo0001`],
}

describe('HEAD on the API', () => {
  it('answers every GET operation with the status and headers of the GET, and no body', async () => {
    const { request, headers, deps } = await createTestApp()
    const gets = deps.validator.operations.filter((op) => op.method === 'GET').map((op) => op.operationId)
    expect(Object.keys(PATHS).sort()).toEqual([...gets].sort())
    const client = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
    for (const [operationId, paths] of Object.entries(PATHS)) {
      const creds = paths[0].startsWith('/management') ? headers.management : paths[0].startsWith('/client') ? client : headers.app
      for (const path of paths) {
        const get = await request.get(path).set(creds)
        expectContract(get, operationId)
        const head = await request.head(path).set(creds)
        expect(head.status, path).toBe(get.status)
        expect(head.headers['content-type'], path).toBe(get.headers['content-type'])
        expect(head.headers['content-length'], path).toBe(get.headers['content-length'])
        expect(head.text ?? '', path).toBe('')
      }
    }
    const unauthorised = await request.head('/v1/campaigns')
    expect(unauthorised.status).toBe(401)
  })

  it('answers the export download like its GET: text/plain, the CSV length, no body', async () => {
    const t = await createTestApp()
    const started = await t.request.post('/v1/campaigns/camp_demo0002/transactions/export').set(t.headers.app).send({})
    t.clock.advance(10_000)
    const done = await t.request.get(`/v1/exports/${started.body.id}`).set(t.headers.app)
    const url = new URL(done.body.result.url)
    const get = await t.request.get(`${url.pathname}${url.search}`)
    expectContract(get, 'getExport')
    const head = await t.request.head(`${url.pathname}${url.search}`)
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(head.text ?? '').toBe('')
  })

  it('is listed in Allow next to GET when a method is not allowed', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.patch('/v1/campaigns/camp_demo0001').set(headers.app).send({})
    expect(res.status).toBe(405)
    expect(res.body).toMatchObject({ code: 405, key: expect.any(String), request_id: res.headers['x-request-id'] })
    expect(res.headers.allow).toContain('HEAD')
  })
})
