import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

const coupon = (id: string) => ({ object: 'voucher', id })
const stack = (id: string) => ({ object: 'promotion_stack', id })

describe.each([
  ['POST /v1/validations', '/v1/validations', 'validateStackedDiscounts'],
  ['POST /v1/redemptions', '/v1/redemptions', 'redeemStackedDiscounts'],
])('%s limits', (_name, path, operationId) => {
  it.each([
    ['6 redeemables', { redeemables: Array.from({ length: 6 }, (_, i) => coupon(`CODE-${i}`)) }, /redeemables/],
    ['no redeemables', { redeemables: [] }, /redeemables/],
    ['two promotion stacks', { redeemables: [stack('stack_a'), stack('stack_b')] }, /redeemables/],
    ['a promotion stack with a coupon', { redeemables: [stack('stack_demo0001'), coupon('WELCOME-0001')] }, /other redeemables/],
    ['a gift card with negative credits', { redeemables: [{ object: 'voucher', id: 'G', gift: { credits: -1 } }] }, /credits/],
    ['a promotion tier id without promo_', { redeemables: [{ object: 'promotion_tier', id: 'tier_1' }] }, /redeemables/],
  ])('rejects %s with 400', async (_case, body, details) => {
    const { request, headers } = await createTestApp()
    const res = await request.post(path).set(headers.app).send(body)

    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(details)
    expectContract(res, operationId)
  })

  it('rejects the same redeemable twice with 400 duplicated_redeemables', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post(path).set(headers.app).send({ redeemables: [coupon('WELCOME-0001'), coupon('WELCOME-0001')] })

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('duplicated_redeemables')
    expectContract(res, operationId)
  })

  it('reports an unknown code as not_found (validation: INAPPLICABLE; redemption: 404) and spends nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request.post(path).set(headers.app).send({ redeemables: [coupon('NO-SUCH-CODE')], order: { amount: 1000 } })

    expectContract(res, operationId)
    if (operationId === 'validateStackedDiscounts') {
      expect(res.status).toBe(200)
      expect(res.body.inapplicable_redeemables).toMatchObject([
        { status: 'INAPPLICABLE', id: 'NO-SUCH-CODE', result: { error: { code: 404, key: 'not_found', resource_type: 'voucher' } } },
      ])
      expect(deps.projects.get('proj_demo0001')?.redemptions.size).toBe(0)
    } else {
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NO-SUCH-CODE' })
      expect(deps.projects.get('proj_demo0001')?.redemptions.list().map((r) => r.status)).toEqual(['FAILED', 'FAILED'])
    }
  })

  it('accepts a promotion stack on its own', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post(path).set(headers.app).send({ redeemables: [stack('stack_demo0001')], order: { amount: 1000 } })

    expect(res.status).toBe(200)
    expectContract(res, operationId)
  })
})

describe('GET /v1/redemptions/{redemptionId}', () => {
  it('answers 404 not_found for an unknown redemption', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get('/v1/redemptions/r_nope').set(headers.app)

    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'redemption', resource_id: 'r_nope' })
    expectContract(res, 'getRedemption')
  })
})

describe('/_mock/stacks and /_mock/stacking-rules', () => {
  it('lists the seeded stack and refuses more than 5 tiers', async () => {
    const { request } = await createTestApp()
    const list = await request.get('/_mock/stacks')
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain('stack_demo0001')

    const ids = Array.from({ length: 6 }, (_, i) => `promo_${i}`)
    const res = await request.post('/_mock/stacks').send({ name: 'Too big', tiers: { ids } })
    expect(res.status).toBe(400)
    expect(res.body.details).toMatch(/1 to 5/)
  })

  it('changes the sorting rule the validation response reports', async () => {
    const { request, headers } = await createTestApp()
    const put = await request.put('/_mock/stacking-rules').send({ redeemables_sorting_rule: 'CATEGORY_HIERARCHY' })
    expect(put.status).toBe(200)

    const res = await request.post('/v1/validations').set(headers.app).send({ redeemables: [coupon('X')] })
    expect(res.body.stacking_rules.redeemables_sorting_rule).toBe('CATEGORY_HIERARCHY')
    expectContract(res, 'validateStackedDiscounts')
  })
})
