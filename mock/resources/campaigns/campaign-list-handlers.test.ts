import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

/** Six campaigns, 10 s apart: promotions p0, p2, p4 and discount campaigns d1, d3, d5 (d5 has 5,000 codes: 5 s). */
async function sixCampaigns(): Promise<TestApp> {
  const app = await createTestApp({ seeder: () => {} })
  const cat = await app.request.post('/v1/categories').set(app.headers.app).send({ name: 'Seasonal', hierarchy: 0 })
  for (let i = 0; i < 6; i++) {
    const body =
      i % 2 === 0
        ? { name: `p${i}`, campaign_type: 'PROMOTION', category_id: cat.body.id, promotion: { tiers: [{ name: 'tier' }] } }
        : {
            name: `d${i}`,
            campaign_type: 'DISCOUNT_COUPONS',
            vouchers_count: i === 5 ? 5000 : 1,
            voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
          }
    const res = await app.request.post('/v1/campaigns').set(app.headers.app).send(body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    app.clock.advance(10_000)
  }
  return app
}

async function list(app: TestApp, query: string) {
  const res = await app.request.get(`/v1/campaigns?${query}`).set(app.headers.app)
  expectContract(res, 'listCampaigns')
  return res
}

const names = (res: { body: { campaigns: { name: string }[] } }) => res.body.campaigns.map((c) => c.name)

describe('GET /v1/campaigns', () => {
  it('pages newest first and answers an empty page past the end', async () => {
    const app = await sixCampaigns()
    expect(names(await list(app, 'limit=2'))).toEqual(['d5', 'p4'])
    expect(names(await list(app, 'limit=2&page=3'))).toEqual(['d1', 'p0'])
    const past = await list(app, 'limit=2&page=4')
    expect(past.status).toBe(200)
    expect(past.body).toMatchObject({ object: 'list', data_ref: 'campaigns', campaigns: [], total: 6 })
  })

  it('orders by created_at, updated_at and name in both directions', async () => {
    const app = await sixCampaigns()
    expect(names(await list(app, 'order=created_at&limit=3'))).toEqual(['p0', 'd1', 'p2'])
    expect(names(await list(app, 'order=-updated_at&limit=2'))).toEqual(['d5', 'p4'])
    expect(names(await list(app, 'order=name&limit=3'))).toEqual(['d1', 'd3', 'd5'])
    expect(names(await list(app, 'order=-name&limit=1'))).toEqual(['p4'])
  })

  it('rejects limit above 100 with 400 invalid_query_params', async () => {
    const app = await sixCampaigns()
    const res = await list(app, 'limit=101')
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_query_params')
    expect(res.body.details).toMatch(/limit/)
  })

  it('filters by campaign_type, campaign_status and is_referral_code', async () => {
    const app = await sixCampaigns()
    app.clock.set(app.clock.now() - 10_000 + 4_000) // 4 s after d5 was created: 5,000 codes need 5 s
    const promotions = await list(app, 'campaign_type=PROMOTION')
    expect(promotions.body.total).toBe(3)
    expect(names(promotions)).toEqual(['p4', 'p2', 'p0'])
    const generating = await list(app, 'campaign_status=IN_PROGRESS')
    expect(generating.body).toMatchObject({ total: 1, campaigns: [{ name: 'd5', creation_status: 'IN_PROGRESS', vouchers_count: 0 }] })
    expect((await list(app, 'campaign_status=DONE')).body.total).toBe(5)
    expect((await list(app, 'is_referral_code=true')).body.total).toBe(0)
    expect((await list(app, 'is_referral_code=false')).body.total).toBe(6)
    app.clock.advance(1_000)
    expect((await list(app, 'campaign_status=IN_PROGRESS')).body.total).toBe(0)
  })

  it('filters with the filters deepObject: name conditions, status, junction', async () => {
    const app = await sixCampaigns()
    expect(names(await list(app, 'filters[campaigns][conditions][$is]=p2'))).toEqual(['p2'])
    expect(names(await list(app, 'filters[name][conditions][$in][0]=p2&filters[name][conditions][$in][1]=d3'))).toEqual(['d3', 'p2'])
    expect((await list(app, 'filters[campaigns][conditions][$starts_with]=d')).body.total).toBe(3)
    expect((await list(app, 'filters[campaign_status][conditions][$in][0]=DONE')).body.total).toBe(6)
    const either = await list(app, 'filters[junction]=or&filters[campaigns][conditions][$is]=p0&filters[campaigns_id][conditions][$is]=camp_0002')
    expect(names(either)).toEqual(['d1', 'p0'])
    const bad = await list(app, 'filters[campaigns][conditions][$nope]=x')
    expect(bad.status).toBe(400)
    expect(bad.body.key).toBe('invalid_query_params')
  })

  it('fills categories only with expand=category or expand=categories', async () => {
    const app = await sixCampaigns()
    const plain = await list(app, 'campaign_type=PROMOTION&limit=1')
    expect(plain.body.campaigns[0]).toMatchObject({ category: 'Seasonal', categories: [] })
    for (const expand of ['category', 'categories']) {
      const expanded = await list(app, `campaign_type=PROMOTION&limit=1&expand=${expand}`)
      expect(expanded.body.campaigns[0].categories).toEqual([expect.objectContaining({ name: 'Seasonal', object: 'category' })])
    }
  })

  it('answers each list from the campaign as it is now, not as it was when last listed', async () => {
    // list views are kept between requests (bench: list-10k); the cache must follow status and vouchers_count
    const app = await createTestApp({ seeder: () => {} })
    const created = await app.request.post('/v1/campaigns').set(app.headers.app).send({
      name: 'slow',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 5000,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    })
    expect(created.status).toBe(200)
    const generating = { name: 'slow', vouchers_generation_status: 'IN_PROGRESS', vouchers_count: 0 }
    expect((await list(app, 'limit=5')).body.campaigns).toMatchObject([generating])
    expect((await list(app, 'limit=5')).body.campaigns).toMatchObject([generating])
    app.clock.advance(5_000)
    const done = await list(app, 'limit=5')
    expect(done.body.campaigns).toMatchObject([{ name: 'slow', vouchers_generation_status: 'DONE', creation_status: 'DONE', vouchers_count: 5000 }])
    expect(done.text).toBe(JSON.stringify(done.body))
    const other = await app.request.post('/v1/campaigns').set(app.headers.app).send({ name: 'promo', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } })
    expect(other.status).toBe(200)
    expect(names(await list(app, 'limit=5'))).toEqual(['promo', 'slow'])
    await app.request.delete(`/v1/campaigns/${created.body.id}`).set(app.headers.app).expect(202)
    expect(names(await list(app, 'limit=5'))).toEqual(['promo', 'slow'])
    app.clock.advance(1_000)
    expect(names(await list(app, 'limit=5'))).toEqual(['promo'])
  })

  it('a set fault changes the answer of a kept page, never the kept page itself', async () => {
    const app = await sixCampaigns()
    const kept = names(await list(app, 'limit=2&page=2'))
    expect(names(await list(app, 'limit=2&page=2'))).toEqual(kept)
    app.deps.faults.add({ operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/0/name', value: 'faulted', times: 1 })
    expect(names(await list(app, 'limit=2&page=2'))).toEqual(['faulted', kept[1]])
    expect(names(await list(app, 'limit=2&page=2'))).toEqual(kept)
  })

  it('shows only the caller project campaigns', async () => {
    const app = await sixCampaigns()
    const other = await app.request.get('/v1/campaigns').set(app.headers.appB)
    expect(other.body.total).toBe(0)
    expectContract(other, 'listCampaigns')
  })
})
