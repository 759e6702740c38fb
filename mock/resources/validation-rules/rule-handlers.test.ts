import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 14 item 3. Fixtures: WELCOME-0001 (v_demo0001, camp_demo0001) 10% off; promo_demo0002 takes 1000 off
// (camp_demo0004, unlimited).
const minimum = (amount: number, message = 'Spend more') => ({
  name: `From ${amount}`,
  rules: { '1': { name: 'order.amount', conditions: { $more_than_or_equal: [amount] } }, logic: '1' },
  error: { message },
})

async function createRule(app: TestApp, body: object) {
  const res = await app.request.post('/v1/validation-rules').set(app.headers.app).send(body)
  expectContract(res, 'createValidationRule')
  return res
}

async function assign(app: TestApp, ruleId: string, type: string, id: string) {
  const res = await app.request.post(`/v1/validation-rules/${ruleId}/assignments`).set(app.headers.app).send({ related_object_type: type, related_object_id: id })
  expectContract(res, 'createValidationRuleAssignment')
  return res
}

async function check(app: TestApp, path: '/v1/validations' | '/v1/redemptions', body: object) {
  const res = await app.request.post(path).set(app.headers.app).send(body)
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  // a refused redemption answers 400 with the reason (and is recorded as FAILED)
  expect(res.status).toBe(path === '/v1/redemptions' && res.body.key ? 400 : 200)
  return res
}

const tier = { object: 'promotion_tier', id: 'promo_demo0002' }
const statusOf = (res: { body: { redeemables?: { status: string }[]; redemptions?: unknown[] } }) =>
  res.body.redeemables ? res.body.redeemables[0].status : res.body.redemptions?.length ? 'REDEEMED' : 'REFUSED'
const refusal = (res: { body: { key?: string; resource_id?: string; inapplicable_redeemables?: { result: { error: object } }[] } }) =>
  res.body.key ? res.body : res.body.inapplicable_redeemables?.[0].result.error

describe('validation rules: create, get, list, assign', () => {
  it('creates a val_ rule, reads it back, lists it, and lists its assignments', async () => {
    const app = await createTestApp()
    const created = await createRule(app, minimum(5000))
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^val_/), name: 'From 5000', error: { message: 'Spend more' }, assignments_count: 0, object: 'validation_rules' })
    const id = created.body.id as string
    const got = await app.request.get(`/v1/validation-rules/${id}`).set(app.headers.app)
    expectContract(got, 'getValidationRule')
    expect(got.body).toEqual(created.body)

    const assigned = await assign(app, id, 'voucher', 'WELCOME-0001')
    expect(assigned.body).toMatchObject({ id: expect.stringMatching(/^asgm_/), rule_id: id, related_object_id: 'v_demo0001', related_object_type: 'voucher' })
    expect((await assign(app, id, 'voucher', 'v_demo0001')).status).toBe(409)

    const list = await app.request.get('/v1/validation-rules').set(app.headers.app)
    expectContract(list, 'listValidationRules')
    expect(list.body).toMatchObject({ object: 'list', data_ref: 'data', total: 1, data: [{ id, assignments_count: 1 }] })
    const assignments = await app.request.get(`/v1/validation-rules/${id}/assignments`).set(app.headers.app)
    expectContract(assignments, 'listValidationRuleAssignments')
    expect(assignments.body.data.map((a: { related_object_id: string }) => a.related_object_id)).toEqual(['v_demo0001'])
  })

  it.each([
    ['an unknown rule name', { name: 'x', rules: { '1': { name: 'order.weather', conditions: { $is: ['sunny'] } } } }, 'order.weather'],
    ['a logic naming a missing rule', { name: 'x', rules: { '1': { name: 'order.amount', conditions: { $more_than: [1] } }, logic: '1 and 2' } }, 'rule "2"'],
    ['an unbalanced logic', { name: 'x', rules: { '1': { name: 'order.amount', conditions: { $more_than: [1] } }, logic: '(1' } }, 'logic'],
    ['an unknown operator', { name: 'x', rules: { '1': { name: 'order.amount', conditions: { $around: [1] } } } }, '$around'],
  ])('refuses %s with 400 invalid_payload and stores nothing', async (_case, body, detail) => {
    const app = await createTestApp()
    const res = await createRule(app, body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_payload', details: expect.stringContaining(detail) })
    expect((await app.request.get('/v1/validation-rules').set(app.headers.app)).body.total).toBe(0)
  })

  it('answers 404 for an unknown rule and for an assignment to an unknown object', async () => {
    const app = await createTestApp()
    const missing = await app.request.get('/v1/validation-rules/val_nothing').set(app.headers.app)
    expectContract(missing, 'getValidationRule')
    expect(missing.status).toBe(404)
    const rule = await createRule(app, minimum(1))
    const res = await assign(app, rule.body.id, 'campaign', 'camp_nothing')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'campaign' })
  })
})

describe('validation rules in validations and redemptions', () => {
  it('a minimum order amount makes the code INAPPLICABLE with redemption_rules_violated and the rule message', async () => {
    const app = await createTestApp()
    const rule = await createRule(app, minimum(5000, 'Spend at least 50.00 to use this code'))
    await assign(app, rule.body.id, 'campaign', 'camp_demo0001')
    const small = await check(app, '/v1/validations', { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 4999 } })
    expect(small.body.valid).toBe(false)
    expect(small.body.inapplicable_redeemables[0].result).toMatchObject({
      error: { code: 400, key: 'redemption_rules_violated', resource_id: rule.body.id, error: { message: 'Spend at least 50.00 to use this code' } },
      details: { key: 'redemption_rules_violated', message: 'Spend at least 50.00 to use this code' },
    })
    const refused = await check(app, '/v1/redemptions', { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 4999 } })
    expect(refused.body).toMatchObject({ code: 400, key: 'redemption_rules_violated' })
    const enough = await check(app, '/v1/validations', { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 5000 } })
    expect(enough.body.valid).toBe(true)
  })

  it('checks items in the cart, item count and customer metadata, joined by the logic', async () => {
    const app = await createTestApp()
    const rule = await createRule(app, {
      name: 'Shirt buyers who are gold, or big carts',
      rules: {
        '1': { name: 'order.items.any', conditions: { $is: [{ id: 'prod_shirt', object: 'product' }] } },
        '2': { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } },
        '3': { name: 'order.items.count', conditions: { $more_than_or_equal: [3] } },
        logic: '(1 and 2) or 3',
      },
    })
    await assign(app, rule.body.id, 'promotion_tier', 'promo_demo0002')
    const shirt = { product_id: 'prod_shirt', quantity: 1, price: 3000 }
    const mug = { product_id: 'prod_mug', quantity: 1, price: 1000 }
    const run = (items: object[], metadata: object) => check(app, '/v1/validations', { redeemables: [tier], order: { items }, customer: { source_id: 'c1', metadata } })
    expect(statusOf(await run([shirt], { tier: 'gold' }))).toBe('APPLICABLE')
    expect(statusOf(await run([shirt], { tier: 'silver' }))).toBe('INAPPLICABLE')
    expect(statusOf(await run([mug], { tier: 'gold' }))).toBe('INAPPLICABLE')
    expect(statusOf(await run([mug, mug, mug], {}))).toBe('APPLICABLE')
  })

  it('limits redemptions per customer and a campaign budget (rules given on campaign create)', async () => {
    const app = await createTestApp()
    const once = await createRule(app, { name: 'Once per customer', rules: { '1': { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } } } })
    const budget = await createRule(app, { name: 'Budget 2000', rules: { '1': { name: 'campaign.orders.amount_discounted', conditions: { $less_than: [2000] } } } })
    const created = await app.request
      .post('/v1/campaigns')
      .set(app.headers.app)
      .send({ name: 'Ruled', campaign_type: 'PROMOTION', validation_rules: [budget.body.id], promotion: { tiers: [{ name: 'Ten off', action: { discount: { type: 'AMOUNT', amount_off: 1000 } }, validation_rules: [once.body.id] }] } })
    expectContract(created, 'createCampaign')
    const ruled = { object: 'promotion_tier', id: created.body.promotion.tiers[0].id }
    const redeem = (who: string) => check(app, '/v1/redemptions', { redeemables: [ruled], order: { amount: 5000 }, customer: { source_id: who } })
    expect(statusOf(await redeem('ann'))).toBe('REDEEMED')
    const again = await redeem('ann')
    expect(statusOf(again)).toBe('REFUSED')
    expect(refusal(again)).toMatchObject({ key: 'redemption_rules_violated', resource_id: once.body.id })
    expect(statusOf(await redeem('bob'))).toBe('REDEEMED')
    // 2000 given so far: the budget is spent
    const over = await redeem('cid')
    expect(refusal(over)).toMatchObject({ key: 'redemption_rules_violated', resource_id: budget.body.id })
  })
})
