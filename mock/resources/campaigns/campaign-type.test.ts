import { describe, expect, it } from 'vitest'
import { createTestApp, MOUNTS, expectContract } from '../../testing/index.js'

// Issue 24: Create Campaign without `campaign_type`, as the vendor's SDK tests send it; the type is inferred
// from `promotion`, `referral_program` and `voucher.type` (mock/resources/campaigns/campaign-type.ts).
const discount = { type: 'PERCENT', percent_off: 10 }
const bodies: Array<[string, object, string]> = [
  ['name and a discount voucher only (the SDK tests)', { name: 'SDK coupons', voucher: { type: 'DISCOUNT_VOUCHER', discount } }, 'DISCOUNT_COUPONS'],
  ['a gift voucher', { name: 'Gifts', vouchers_count: 2, voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } }, 'GIFT_VOUCHERS'],
  ['a loyalty card', { name: 'Points', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 100 } } }, 'LOYALTY_PROGRAM'],
  ['a referral_program', { name: 'Refer', referral_program: { conversion_event_type: 'redemption' }, voucher: { type: 'DISCOUNT_VOUCHER', discount } }, 'REFERRAL_PROGRAM'],
  ['a promotion', { name: 'Promo', promotion: { tiers: [{ name: '5% off', action: { discount } }] } }, 'PROMOTION'],
]

describe('POST /v1/campaigns without campaign_type', () => {
  for (const [mount, client] of MOUNTS) {
    it.each(bodies)(`${mount}: infers the type from %s`, async (_what, body, expected) => {
      const t = await createTestApp()
      const res = await client(t).post('/v1/campaigns').set(t.headers.app).send(body)
      expect([res.status, res.body.details]).toEqual([200, undefined])
      expectContract(res, 'createCampaign')
      expect(res.body.campaign_type).toBe(expected)
      await client(t).post('/_mock/jobs/finish').type('json')
      expect((await client(t).get(`/v1/campaigns/${res.body.id}`).set(t.headers.app)).body.campaign_type).toBe(expected)
    })
  }

  it('refuses a body nothing can be inferred from with 400 naming campaign_type, creating nothing', async () => {
    const t = await createTestApp()
    const before = t.deps.projects.get('proj_demo0001')!.campaigns.size
    const res = await t.request.post('/v1/campaigns').set(t.headers.app).send({ name: 'Typeless', voucher: { discount } })
    expectContract(res, 'createCampaign')
    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(/campaign_type/)
    // a referral code makes a referral program, which needs its referral_program
    const referral = await t.request.post('/v1/campaigns').set(t.headers.app).send({ name: 'Refer', voucher: { type: 'DISCOUNT_VOUCHER', is_referral_code: true, discount } })
    expect([referral.status, referral.body.details]).toEqual([400, "Property 'referral_program' is required for REFERRAL_PROGRAM campaign"])
    expect(t.deps.projects.get('proj_demo0001')!.campaigns.size).toBe(before)
  })

  it('keeps an explicit campaign_type: a mismatching voucher is still refused', async () => {
    const t = await createTestApp()
    const res = await t.request.post('/v1/campaigns').set(t.headers.app).send({ name: 'Mismatch', campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'DISCOUNT_VOUCHER', discount } })
    expectContract(res, 'createCampaign')
    expect(res.status).toBe(400)
  })
})
