import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 13 item 6: the real service's /v1 promotion-tier reads (list, get one, a campaign's tiers).
const get = (t: TestApp, path: string) => t.request.get(path).set(t.headers.app)
const tierIds = (res: { body: { tiers: Array<{ id: string }> } }) => res.body.tiers.map((tier) => tier.id)

describe('GET /v1/promotions/tiers[/{promotionTierId}] and /v1/promotions/{campaignId}/tiers', () => {
  it('lists the tiers of every promotion campaign, as the browser API does, paged and filtered by availability', async () => {
    const t = await createTestApp()
    const created = await t.request.post('/v1/campaigns').set(t.headers.app).send({
      name: 'Future', campaign_type: 'PROMOTION', start_date: '2099-01-01T00:00:00Z',
      promotion: { tiers: [{ name: 'Later', action: { discount: { type: 'PERCENT', percent_off: 1 } } }] },
    })
    const all = await get(t, '/v1/promotions/tiers?limit=100')
    expectContract(all, 'listPromotionTiers')
    expect(tierIds(all)).toEqual(['promo_demo0001', 'promo_demo0002', created.body.promotion.tiers[0].id])
    expect(all.body).toMatchObject({ object: 'list', data_ref: 'tiers', total: 3, has_more: false })
    const client = await t.request.get('/client/v1/promotions/tiers?limit=100').set({ 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' })
    expect(all.body).toEqual(client.body)

    const available = await get(t, '/v1/promotions/tiers?is_available=true&limit=100')
    expect(tierIds(available)).toEqual(['promo_demo0001', 'promo_demo0002'])
    const page2 = await get(t, '/v1/promotions/tiers?limit=2&page=2')
    expectContract(page2, 'listPromotionTiers')
    expect(page2.body).toMatchObject({ total: 3, has_more: false })
    expect(tierIds(page2)).toEqual([created.body.promotion.tiers[0].id])
    t.clock.advance(1000)
    const newer = await t.request.post('/v1/campaigns').set(t.headers.app).send({
      name: 'Newer', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'A', action: { discount: { type: 'PERCENT', percent_off: 2 } } }, { name: 'B', action: { discount: { type: 'PERCENT', percent_off: 3 } } }] },
    })
    const newest = await get(t, '/v1/promotions/tiers?order=-created_at&limit=100')
    expectContract(newest, 'listPromotionTiers')
    // newest campaign first; tiers made together keep their hierarchy order
    expect(tierIds(newest)).toEqual([...newer.body.promotion.tiers.map((x: { id: string }) => x.id), created.body.promotion.tiers[0].id, 'promo_demo0001', 'promo_demo0002'])
    const oldest = await get(t, '/v1/promotions/tiers?order=created_at&limit=100')
    expect(tierIds(oldest)).toEqual([...tierIds(all), ...newer.body.promotion.tiers.map((x: { id: string }) => x.id)])
  })

  it('reads one tier with its redemption summary, and a campaign\'s tiers as getCampaign shows them', async () => {
    const t = await createTestApp()
    const redeemed = await t.request.post('/v1/redemptions').set(t.headers.app).send({ redeemables: [{ object: 'promotion_tier', id: 'promo_demo0002' }], order: { amount: 20000 } })
    expect(redeemed.status, redeemed.text).toBe(200)
    const tier = await get(t, '/v1/promotions/tiers/promo_demo0002')
    expectContract(tier, 'getPromotionTier')
    expect(tier.body).toMatchObject({ id: 'promo_demo0002', campaign_id: 'camp_demo0004', object: 'promotion_tier', summary: { redemptions: { total_redeemed: 1 } } })

    const ofCampaign = await get(t, '/v1/promotions/camp_demo0004/tiers')
    expectContract(ofCampaign, 'listCampaignPromotionTiers')
    const campaign = await get(t, '/v1/campaigns/camp_demo0004')
    expect(ofCampaign.body).toEqual({ ...campaign.body.promotion, has_more: false })
    expect(ofCampaign.body.tiers[1]).toEqual(tier.body)
    const byName = await get(t, `/v1/promotions/${encodeURIComponent('Spring sale')}/tiers`)
    expect(byName.body).toEqual(ofCampaign.body)
    const coupons = await get(t, '/v1/promotions/camp_demo0001/tiers')
    expectContract(coupons, 'listCampaignPromotionTiers')
    expect(coupons.body).toMatchObject({ tiers: [], total: 0 })
  })

  it('answers 404 for an unknown tier or campaign, another project\'s, or a deleted campaign\'s tier', async () => {
    const t = await createTestApp()
    for (const [op, path, creds] of [
      ['getPromotionTier', '/v1/promotions/tiers/promo_nope', t.headers.app],
      ['getPromotionTier', '/v1/promotions/tiers/promo_demo0001', t.headers.appB],
      ['listCampaignPromotionTiers', '/v1/promotions/camp_nope/tiers', t.headers.app],
      ['listCampaignPromotionTiers', '/v1/promotions/camp_demo0004/tiers', t.headers.appB],
    ] as const) {
      const res = await t.request.get(path).set(creds)
      expectContract(res, op)
      expect(res.status, path).toBe(404)
      expect(res.body.key).toBe('not_found')
    }
    await t.request.delete('/v1/campaigns/camp_demo0004?force=true').set(t.headers.app)
    t.clock.advance(10_000)
    const gone = await get(t, '/v1/promotions/tiers/promo_demo0001')
    expectContract(gone, 'getPromotionTier')
    expect(gone.status).toBe(404)
    expect((await get(t, '/v1/promotions/tiers')).body.total).toBe(0)
  })
})
