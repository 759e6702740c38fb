import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

const empty = { seeder: () => {} }

const bodies = {
  DISCOUNT_COUPONS: {
    name: 'Summer 10',
    campaign_type: 'DISCOUNT_COUPONS',
    vouchers_count: 20,
    start_date: '2026-06-01T00:00:00Z',
    expiration_date: '2026-09-01T00:00:00Z',
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, redemption: { quantity: 1 }, code_config: { pattern: 'SUMMER-####' } },
  },
  GIFT_VOUCHERS: {
    name: 'Gift cards',
    campaign_type: 'GIFT_VOUCHERS',
    vouchers_count: 5,
    voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000, effect: 'APPLY_TO_ORDER' }, code_config: { prefix: 'GC-', length: 10, charset: 'ABCDEFGHJKLMNPQRSTUVWXYZ' } },
  },
  LOYALTY_PROGRAM: {
    name: 'Loyalty',
    campaign_type: 'LOYALTY_PROGRAM',
    auto_join: true,
    vouchers_count: 3,
    voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 100, expiration_rules: { period_type: 'MONTH', period_value: 3, rounding_type: 'END_OF_YEAR' } }, code_config: { pattern: 'LC-######' } },
  },
  REFERRAL_PROGRAM: {
    name: 'Refer a friend',
    campaign_type: 'REFERRAL_PROGRAM',
    vouchers_count: 4,
    referral_program: { conversion_event_type: 'redemption' },
    voucher: { type: 'DISCOUNT_VOUCHER', is_referral_code: true, discount: { type: 'AMOUNT', amount_off: 1000 }, code_config: { pattern: 'REF-#####' } },
  },
  PROMOTION: {
    name: 'Spring promotions',
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        { name: '10% over $100', action: { discount: { type: 'PERCENT', percent_off: 10 } }, validation_rules: ['val_q8qUBMOh5qIQ'] },
        { name: '$30 over $200', action: { discount: { type: 'AMOUNT', amount_off: 3000 } } },
      ],
    },
  },
} as const

describe('POST /v1/campaigns', () => {
  it.each(Object.entries(bodies).filter(([type]) => type !== 'PROMOTION'))('creates a %s campaign that generates its vouchers on the clock', async (type, body) => {
    const { request, headers, clock } = await createTestApp(empty)
    const res = await request.post('/v1/campaigns').set(headers.app).send(body)

    expect(res.status).toBe(200)
    expectContract(res, 'createCampaign')
    expect(res.body).toMatchObject({ campaign_type: type, creation_status: 'IN_PROGRESS', vouchers_generation_status: 'IN_PROGRESS', vouchers_count: 0, active: true })
    expect(res.body.voucher.code_config).toMatchObject({ length: expect.any(Number), charset: expect.any(String), pattern: expect.any(String) })

    const early = await request.get(`/v1/campaigns/${res.body.id}`).set(headers.app)
    expect(early.status).toBe(404)
    expect(early.body).toMatchObject({ key: 'not_found', resource_type: 'campaign', resource_id: res.body.id })
    expect(early.body.details).toMatch(/is being generated/)
    expect(early.headers['retry-after']).toBe('1')
    expectContract(early, 'getCampaign')

    clock.advance(1000)
    const done = await request.get(`/v1/campaigns/${res.body.id}`).set(headers.app)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ creation_status: 'DONE', vouchers_generation_status: 'DONE', vouchers_count: (body as { vouchers_count: number }).vouchers_count })
    expectContract(done, 'getCampaign')
  })

  it('answers DONE at once for a PROMOTION, with tiers in request order and rule assignments', async () => {
    const { request, headers } = await createTestApp(empty)
    const res = await request.post('/v1/campaigns').set(headers.app).send(bodies.PROMOTION)

    expect(res.status).toBe(200)
    expectContract(res, 'createCampaign')
    expect(res.body).toMatchObject({ creation_status: 'DONE', vouchers_generation_status: 'DONE' })
    expect(res.body.vouchers_count).toBeUndefined()
    const { tiers } = res.body.promotion
    expect(res.body.promotion).toMatchObject({ object: 'list', data_ref: 'tiers', total: 2, has_more: false })
    expect(tiers.map((t: { hierarchy: number; name: string }) => [t.hierarchy, t.name])).toEqual([[1, '10% over $100'], [2, '$30 over $200']])
    expect(tiers[0]).toMatchObject({ promotion_id: res.body.id, campaign_id: res.body.id, campaign: { id: res.body.id, active: true, object: 'campaign' } })
    expect(tiers[0].summary).toEqual({ redemptions: { total_redeemed: 0 }, orders: { total_amount: 0, total_discount_amount: 0 } })
    expect(tiers[0].validation_rule_assignments.data).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^asgm_/), rule_id: 'val_q8qUBMOh5qIQ', related_object_id: tiers[0].id, related_object_type: 'promotion_tier' }),
    ])
    const read = await request.get(`/v1/campaigns/${encodeURIComponent(bodies.PROMOTION.name)}`).set(headers.app)
    expect(read.status).toBe(200)
    expectContract(read, 'getCampaign')
  })

  it('defaults active to true unless sent false, auto_join to false, and copies dates into the voucher template', async () => {
    const { request, headers } = await createTestApp(empty)
    const res = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.DISCOUNT_COUPONS, active: false })

    expect(res.body).toMatchObject({ active: false, auto_join: false, join_once: false, use_voucher_metadata_schema: false, protected: false })
    expect(res.body.voucher).toMatchObject({ start_date: '2026-06-01T00:00:00.000Z', expiration_date: '2026-09-01T00:00:00.000Z' })
    expectContract(res, 'createCampaign')
  })

  it('answers 409 duplicate_found for a name in use, also when 20 creates of one name race', async () => {
    const { request, headers } = await createTestApp(empty)
    const all = await Promise.all(Array.from({ length: 20 }, () => request.post('/v1/campaigns').set(headers.app).send(bodies.PROMOTION)))

    expect(all.filter((r) => r.status === 200)).toHaveLength(1)
    const refused = all.filter((r) => r.status === 409)
    expect(refused).toHaveLength(19)
    expect(refused[0].body).toMatchObject({ key: 'duplicate_found', resource_id: 'Spring promotions', resource_type: 'campaign' })
    for (const r of all) expectContract(r, 'createCampaign')
  })

  it('answers 404 not_found for an unknown category id or name', async () => {
    const { request, headers } = await createTestApp(empty)
    const byId = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.PROMOTION, category_id: 'cat_missing' })
    const byName = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.PROMOTION, category: 'Missing' })

    expect(byId.status).toBe(404)
    expect(byId.body).toMatchObject({ key: 'not_found', resource_id: 'cat_missing', resource_type: 'category' })
    expect(byName.body).toMatchObject({ resource_id: 'Missing', resource_type: 'category' })
    expectContract(byId, 'createCampaign')
    expectContract(byName, 'createCampaign')
  })

  it('links a category by name and shows it on the campaign', async () => {
    const { request, headers } = await createTestApp(empty)
    const cat = await request.post('/v1/categories').set(headers.app).send({ name: 'Seasonal', hierarchy: 1 })
    const res = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.PROMOTION, category: 'Seasonal' })

    expect(res.body).toMatchObject({ category: 'Seasonal', category_id: cat.body.id, categories: [cat.body] })
    expectContract(res, 'createCampaign')
  })

  it('refuses a referral campaign without a discount: the message says discount is required', async () => {
    const { request, headers } = await createTestApp(empty)
    const { discount: _, ...voucher } = bodies.REFERRAL_PROGRAM.voucher
    const res = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.REFERRAL_PROGRAM, voucher })

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_campaign')
    expect(res.body.message).toMatch(/discount' is required/)
    expect(res.body.details).toMatch(/discount' is required for REFERRAL_PROGRAM campaign/)
    expectContract(res, 'createCampaign')
  })

  it('refuses a pattern too small for vouchers_count before creating anything', async () => {
    const { request, headers } = await createTestApp(empty)
    const body = { ...bodies.DISCOUNT_COUPONS, vouchers_count: 5000, voucher: { ...bodies.DISCOUNT_COUPONS.voucher, code_config: { pattern: 'AB-##', charset: '0123456789' } } }
    const res = await request.post('/v1/campaigns').set(headers.app).send(body)

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_campaign')
    expect(res.body.details).toBe("code_config.pattern 'AB-##' with charset of 10 characters allows 100 unique codes, fewer than vouchers_count 5000")
    expectContract(res, 'createCampaign')
    const list = await request.get('/v1/campaigns').set(headers.app)
    expect(list.body.total).toBe(0)
  })

  it('refuses vouchers_count above the configured maximum', async () => {
    const { request, headers } = await createTestApp({ ...empty, config: { maxVouchersCount: 100 } })
    const res = await request.post('/v1/campaigns').set(headers.app).send({ ...bodies.DISCOUNT_COUPONS, vouchers_count: 101 })

    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(/vouchers_count 101 is above this mock's limit of 100/)
    expectContract(res, 'createCampaign')
  })
})
