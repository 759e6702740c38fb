import { describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import { createContractValidator } from '../src/validation/validator.js'

// Answers the real service documents (../shared/reference/real-service-notes.md, section in each case),
// which differ from what the mock sends. The spec must accept them, or the contract suite would fail a
// correct deployment and a client generated from the spec would reject the real service.
const contracts = createContractValidator(await loadSpec())
const json = { 'content-type': 'application/json' }

const campaign = {
  id: 'camp_0e7b9a3c41f5d2a8a1b2c3d4',
  name: 'Real campaign',
  campaign_type: 'DISCOUNT_COUPONS',
  type: 'AUTO_UPDATE',
  voucher: {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
    redemption: { quantity: null },
    code_config: { length: 8, charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', pattern: '########' },
    is_referral_code: false,
  },
  auto_join: false,
  join_once: false,
  use_voucher_metadata_schema: false,
  vouchers_count: 0,
  active: true,
  metadata: {},
  created_at: '2026-03-01T10:00:00.000Z',
  category_id: null,
  creation_status: 'IN_PROGRESS',
  vouchers_generation_status: 'IN_PROGRESS',
  protected: false,
  object: 'campaign',
}

const holder = {
  id: 'rh_0e7b9a3c41f5d2a8a1',
  created_at: '2026-03-01T10:00:00.000Z',
  redeemable_id: 'v_0e7b9a3c41f5d2a8a1',
  redeemable_object: 'voucher',
  campaign_id: 'camp_0e7b9a3c41f5d2a8a1b2c3d4',
  campaign_type: null,
  voucher_type: 'DISCOUNT_VOUCHER',
  customer_id: 'cust_0e7b9a3c41f5d2a8a1',
  holder_role: 'REFERRER',
  object: 'redeemable_holder',
}

const cases: Array<{ name: string; operationId: string; status: number; body: unknown; headers?: Record<string, string> }> = [
  { name: 'delete campaign: 202 with the async action (§8.1)', operationId: 'deleteCampaign', status: 202, body: { async_action_id: 'aa_0e7b9a3c41f5d2a8a1' } },
  { name: 'delete campaign: 403 (§8.1)', operationId: 'deleteCampaign', status: 403, body: { code: 403, key: 'forbidden', message: 'Forbidden' } },
  { name: 'get campaign: 403 for areas and stores access (§8.2)', operationId: 'getCampaign', status: 403, body: { code: 403, message: 'Forbidden' } },
  { name: 'get campaign: no categories array (issue 12, §3.1 variant)', operationId: 'getCampaign', status: 200, body: campaign },
  { name: 'create campaign: no categories array', operationId: 'createCampaign', status: 200, body: campaign },
  { name: 'list campaigns: items without categories, no has_more (§1.5)', operationId: 'listCampaigns', status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns: [campaign], total: 1 } },
  {
    name: 'holders: campaign_type null (issue 12)',
    operationId: 'listReferralCodeHolders',
    status: 200,
    body: { object: 'list', data_ref: 'data', data: [holder], total: 1, has_more: false },
  },
  { name: 'management 404 without key or request_id (§1.3)', operationId: 'getMetadataSchema', status: 404, body: { code: 404, message: 'Cannot find project with id proj_x' } },
  { name: 'copy template 409 without key (§1.3)', operationId: 'copyCampaignTemplate', status: 409, body: { code: 409, message: 'Duplicated campaign template name' } },
]

describe('the spec accepts the answers the real service documents', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { violations } = contracts.validateResponse(c.operationId, c.status, c.body, c.headers ?? json)
      expect(violations).toEqual([])
    })
  }

  it('still refuses what neither documents: a 202 without its async action id, a holder of another campaign type', () => {
    expect(contracts.validateResponse('deleteCampaign', 202, {}, json).violations).not.toEqual([])
    const other = { object: 'list', data_ref: 'data', data: [{ ...holder, campaign_type: 'PROMOTION' }], total: 1, has_more: false }
    expect(contracts.validateResponse('listReferralCodeHolders', 200, other, json).violations).not.toEqual([])
  })
})
