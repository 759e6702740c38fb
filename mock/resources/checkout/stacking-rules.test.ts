import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Fixture facts (fixtures/README.md): WELCOME-0001..3 10% off (category cat_demo0001, hierarchy 1);
// promo_demo0001 5% off and promo_demo0002 1000 off (campaign in cat_demo0001); GIFT-0001 balance 10000
// (no category); LOYAL-0001 1200 points (cat_demo0002); REF-ALICE 1000 off (cat_demo0003, hierarchy 3).
const v = (id: string, extra: object = {}) => ({ object: 'voucher', id, ...extra })
const tier = (id: string) => ({ object: 'promotion_tier', id })
type Item = { id: string; status: string; result: { details?: { key: string } } }

async function setRules(app: TestApp, rules: object) {
  const res = await app.request.put('/_mock/stacking-rules').send(rules)
  expect(res.status).toBe(200)
}

async function call(app: TestApp, path: '/v1/validations' | '/v1/redemptions', redeemables: object[], amount = 10000) {
  const res = await app.request.post(path).set(app.headers.app).send({ redeemables, order: { amount } })
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  return res
}

/** id → status, or the skip key for SKIPPED items, over every list the answer has. */
function statuses(body: { redeemables?: Item[]; skipped_redeemables?: Item[]; inapplicable_redeemables?: Item[]; redemptions?: { voucher?: { code: string }; promotion_tier?: { id: string } }[] }) {
  const out: Record<string, string> = {}
  for (const item of [...(body.redeemables ?? []), ...(body.skipped_redeemables ?? []), ...(body.inapplicable_redeemables ?? [])]) {
    out[item.id] = item.status === 'SKIPPED' ? (item.result.details?.key ?? 'SKIPPED') : item.status
  }
  for (const r of body.redemptions ?? []) out[r.voucher?.code ?? r.promotion_tier?.id ?? '?'] = 'REDEEMED'
  return out
}

describe('stacking rules in validations', () => {
  it('applies the documented defaults: one redeemable per category, and echoes them', async () => {
    const app = await createTestApp()
    const res = await call(app, '/v1/validations', [v('WELCOME-0001'), tier('promo_demo0002'), v('GIFT-0001', { gift: { credits: 1000 } })])

    expect(statuses(res.body)).toEqual({ 'WELCOME-0001': 'APPLICABLE', promo_demo0002: 'applicable_redeemables_per_category_limit_exceeded', 'GIFT-0001': 'APPLICABLE' })
    expect(res.body.valid).toBe(true)
    // 10% of 10000, then 1000 gift credits; the skipped tier takes nothing
    expect(res.body.order).toMatchObject({ discount_amount: 2000, total_amount: 8000 })
    expect(res.body.stacking_rules).toMatchObject({
      redeemables_limit: 5,
      applicable_redeemables_limit: 5,
      applicable_redeemables_per_category_limit: 1,
      applicable_exclusive_redeemables_limit: 1,
      redeemables_application_mode: 'ALL',
      redeemables_sorting_rule: 'REQUESTED_ORDER',
    })
  })

  it('uses a category limit of its own, then the applicable limit', async () => {
    const app = await createTestApp()
    await setRules(app, { applicable_redeemables_category_limits: { cat_demo0001: 2 } })
    const three = await call(app, '/v1/validations', [v('WELCOME-0001'), tier('promo_demo0002'), v('WELCOME-0002')])
    expect(statuses(three.body)).toEqual({ 'WELCOME-0001': 'APPLICABLE', promo_demo0002: 'APPLICABLE', 'WELCOME-0002': 'applicable_redeemables_per_category_limit_exceeded' })

    await setRules(app, { applicable_redeemables_limit: 2, applicable_redeemables_per_category_limit: 5, applicable_redeemables_category_limits: {} })
    const limited = await call(app, '/v1/validations', [v('WELCOME-0001'), tier('promo_demo0002'), v('GIFT-0001')])
    expect(statuses(limited.body)).toEqual({ 'WELCOME-0001': 'APPLICABLE', promo_demo0002: 'APPLICABLE', 'GIFT-0001': 'applicable_redeemables_limit_exceeded' })
    expect(limited.body.stacking_rules.applicable_redeemables_limit).toBe(2)
  })

  it('lets an exclusive redeemable apply with joint ones only', async () => {
    const app = await createTestApp()
    await setRules(app, { exclusive_categories: ['cat_demo0001'], joint_categories: ['cat_demo0002'], applicable_redeemables_per_category_limit: 5 })
    const res = await call(app, '/v1/validations', [
      v('GIFT-0001', { gift: { credits: 500 } }),
      v('WELCOME-0001'),
      tier('promo_demo0002'),
      v('LOYAL-0001', { reward: { id: 'rew_demo0002', points: 100 } }),
      v('REF-ALICE'),
    ])
    expect(statuses(res.body)).toEqual({
      'GIFT-0001': 'exclusion_rules_not_met',
      'WELCOME-0001': 'APPLICABLE',
      promo_demo0002: 'applicable_exclusive_redeemables_limit_exceeded',
      'LOYAL-0001': 'APPLICABLE',
      'REF-ALICE': 'exclusion_rules_not_met',
    })
  })

  it('sorts by category hierarchy or keeps the requested order', async () => {
    const app = await createTestApp()
    await setRules(app, { applicable_redeemables_limit: 1 })
    const requested = await call(app, '/v1/validations', [v('REF-ALICE'), tier('promo_demo0002')])
    expect(statuses(requested.body)).toEqual({ 'REF-ALICE': 'APPLICABLE', promo_demo0002: 'applicable_redeemables_limit_exceeded' })

    await setRules(app, { redeemables_sorting_rule: 'CATEGORY_HIERARCHY' })
    const sorted = await call(app, '/v1/validations', [v('REF-ALICE'), tier('promo_demo0002')])
    expect(statuses(sorted.body)).toEqual({ 'REF-ALICE': 'applicable_redeemables_limit_exceeded', promo_demo0002: 'APPLICABLE' })
    // the answer keeps the requested order whatever the application order
    expect(sorted.body.redeemables.map((r: Item) => r.id)).toEqual(['REF-ALICE', 'promo_demo0002'])
  })

  it('skips a redeemable with no effect under SKIP, per category, and redeems it anyway by default', async () => {
    const app = await createTestApp()
    // 1000 off an order of 1000 leaves nothing for the 10% coupon
    const items = [tier('promo_demo0002'), v('WELCOME-0001')]
    await setRules(app, { applicable_redeemables_per_category_limit: 5 })
    expect(statuses((await call(app, '/v1/validations', items, 1000)).body)['WELCOME-0001']).toBe('APPLICABLE')

    await setRules(app, { no_effect_skip_categories: ['cat_demo0001'] })
    expect(statuses((await call(app, '/v1/validations', items, 1000)).body)['WELCOME-0001']).toBe('no_effect')

    await setRules(app, { redeemables_no_effect_rule: 'SKIP', no_effect_skip_categories: [], no_effect_redeem_anyway_categories: ['cat_demo0001'] })
    expect(statuses((await call(app, '/v1/validations', items, 1000)).body)['WELCOME-0001']).toBe('APPLICABLE')
    await setRules(app, { no_effect_redeem_anyway_categories: [] })
    const skipped = await call(app, '/v1/validations', items, 1000)
    expect(statuses(skipped.body)['WELCOME-0001']).toBe('no_effect')
    expect(skipped.body.order).toMatchObject({ total_amount: 0, discount_amount: 1000 })
  })

  it('in PARTIAL mode applies what it can and lists only the applicable items in redeemables', async () => {
    const app = await createTestApp()
    await setRules(app, { redeemables_application_mode: 'PARTIAL' })
    const res = await call(app, '/v1/validations', [v('WELCOME-USED'), v('GIFT-0001', { gift: { credits: 1000 } })])

    expect(res.body.valid).toBe(true)
    expect(res.body.redeemables.map((r: Item) => [r.id, r.status])).toEqual([['GIFT-0001', 'APPLICABLE']])
    expect(res.body.inapplicable_redeemables).toMatchObject([{ id: 'WELCOME-USED', result: { error: { key: 'quantity_exceeded' } } }])
    expect(res.body.order).toMatchObject({ total_amount: 9000 })
  })
})

describe('stacking rules in redemptions', () => {
  it('redeems the applicable items only: a skipped coupon stays unused', async () => {
    const app = await createTestApp()
    const res = await call(app, '/v1/redemptions', [v('WELCOME-0001'), v('WELCOME-0002')])

    expect(res.status).toBe(200)
    expect(statuses(res.body)).toEqual({ 'WELCOME-0001': 'REDEEMED', 'WELCOME-0002': 'applicable_redeemables_per_category_limit_exceeded' })
    const again = await call(app, '/v1/validations', [v('WELCOME-0002')])
    expect(again.body.valid).toBe(true)
  })

  it('in PARTIAL mode redeems the applicable items and reports the inapplicable ones', async () => {
    const app = await createTestApp()
    await setRules(app, { redeemables_application_mode: 'PARTIAL' })
    const res = await call(app, '/v1/redemptions', [v('WELCOME-USED'), v('WELCOME-0001')])

    expect(res.status).toBe(200)
    expect(statuses(res.body)).toEqual({ 'WELCOME-USED': 'INAPPLICABLE', 'WELCOME-0001': 'REDEEMED' })
  })
})

describe('redeemables per call', () => {
  const six = ['WELCOME-0001', 'WELCOME-0002', 'WELCOME-0003', 'GIFT-0001', 'LOYAL-0001', 'REF-ALICE'].map((id) => v(id))

  it('refuses a sixth redeemable by default and takes up to 30 with maxRedeemables 30', async () => {
    const strict = await createTestApp()
    const refused = await call(strict, '/v1/validations', six)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ key: 'invalid_redeemables', details: expect.stringMatching(/1 to 5/) })

    const wide = await createTestApp({ config: { maxRedeemables: 30 } })
    const res = await call(wide, '/v1/validations', six.filter((i) => i.id !== 'LOYAL-0001').concat(v('GIFT-0002'), v('REF-BOB1')))
    expect(res.status).toBe(200)
    expect(res.body.stacking_rules.redeemables_limit).toBe(30)
    expect(res.body.redeemables).toHaveLength(7)
    // the project's rules still apply: 5 at most, one per category
    expect(res.body.redeemables.filter((r: Item) => r.status === 'APPLICABLE').length).toBeLessThanOrEqual(5)
  })

  it('answers 400 duplicated_redeemables for a redeemable listed twice', async () => {
    const app = await createTestApp()
    const res = await call(app, '/v1/redemptions', [v('GIFT-0001'), v('GIFT-0001')])
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('duplicated_redeemables')
  })
})

describe('PUT /_mock/stacking-rules', () => {
  it.each([
    [{ applicable_redeemables_limit: 31 }, /1 to 30/],
    [{ applicable_exclusive_redeemables_limit: 6 }, /1 to 5/],
    [{ redeemables_no_effect_rule: 'MAYBE' }, /REDEEM_ANYWAY, SKIP/],
    [{ applicable_redeemables_category_limits: { cat_demo0001: 11 } }, /1 to 10/],
    [{ exclusive_categories: 'cat_demo0001' }, /array of category ids/],
    [{ no_effect_skip_categories: ['cat_a'], no_effect_redeem_anyway_categories: ['cat_a'] }, /both list cat_a/],
    [{ redeemables_limit: 3 }, /not be greater than redeemables_limit/],
    [{ favourite_colour: 'blue' }, /not a stacking rule/],
  ])('refuses %j with 400 and keeps the rules', async (patch, details) => {
    const app = await createTestApp()
    const res = await app.request.put('/_mock/stacking-rules').send(patch)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ key: 'invalid_payload', details: expect.stringMatching(details) })
    const rules = await app.request.get('/_mock/stacking-rules')
    expect(rules.body).toMatchObject({ redeemables_limit: 30, applicable_redeemables_limit: 5, exclusive_categories: [] })
  })
})
