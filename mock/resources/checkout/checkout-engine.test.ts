import { describe, expect, it } from 'vitest'
import { DEFAULT_STACKING, evaluateCheckout } from './checkout-engine.js'
import type { ResolvedRedeemable, TierFacts, VoucherFacts } from './checkout-model.js'

const NOW = Date.parse('2026-01-15T09:00:00.000Z')

const voucher = (over: Partial<VoucherFacts> = {}): VoucherFacts => ({
  id: 'v_0001',
  code: 'TEN-OFF',
  campaign_id: 'camp_0001',
  campaign_name: 'Coupons',
  type: 'DISCOUNT_VOUCHER',
  is_referral_code: false,
  discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
  quantity: null,
  redeemed_quantity: 0,
  categories: [],
  metadata: {},
  active: true,
  ...over,
})
const gift = (balance: number, over: Partial<VoucherFacts> = {}) =>
  voucher({ id: 'v_gift', code: 'GIFT-1', type: 'GIFT_VOUCHER', discount: null, gift_balance: balance, ...over })
const card = (points: number) => voucher({ id: 'v_card', code: 'CARD-1', type: 'LOYALTY_CARD', discount: null, loyalty_balance: points, campaign_id: 'camp_loyal' })
const tier = (id: string, over: Partial<TierFacts> = {}): TierFacts => ({
  id,
  name: id,
  campaign_id: 'camp_promo',
  campaign_name: 'Promo',
  discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
  categories: [],
  metadata: {},
  active: true,
  ...over,
})

const run = (items: ResolvedRedeemable[], amount = 10000, settings = DEFAULT_STACKING) =>
  evaluateCheckout({ items, order: { amount }, settings, now: NOW })
const v = (facts: VoucherFacts | undefined, extra: object = {}): ResolvedRedeemable => ({ object: 'voucher', id: facts?.code ?? 'NOPE', voucher: facts, ...extra })
const keyOf = (o: ReturnType<typeof run>, i: number) => {
  const item = o.items[i]
  return item.status === 'INAPPLICABLE' ? item.reason.key : item.status === 'SKIPPED' ? item.skipKey : 'APPLICABLE'
}

describe('evaluateCheckout: applicability', () => {
  it.each([
    ['not found', undefined, 'not_found'],
    ['inactive', voucher({ active: false }), 'voucher_disabled'],
    ['not yet started', voucher({ start_date: '2026-02-01T00:00:00.000Z' }), 'voucher_not_active'],
    ['expired', voucher({ expiration_date: '2026-01-01T00:00:00.000Z' }), 'voucher_expired'],
    ['outside its days', voucher({ validity_day_of_week: [0] }), 'voucher_not_active_now'],
    ['outside its timeframe', voucher({ start_date: '2026-01-01T00:00:00.000Z', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } }), 'voucher_not_active_now'],
    ['used up', voucher({ quantity: 3, redeemed_quantity: 3 }), 'quantity_exceeded'],
  ])('marks a voucher %s inapplicable and skips the rest', (_name, facts, key) => {
    const outcome = run([v(facts), { object: 'promotion_tier', id: 'promo_1', tier: tier('promo_1') }])
    expect(outcome.valid).toBe(false)
    expect(keyOf(outcome, 0)).toBe(key)
    expect(keyOf(outcome, 1)).toBe('preceding_validation_failed')
    expect(outcome.totals.total_amount).toBe(10000)
  })

  it('refuses gift credits above the balance', () => {
    expect(keyOf(run([v(gift(500), { gift: { credits: 501 } })]), 0)).toBe('gift_amount_exceeded')
  })

  it('refuses loyalty points above the balance, an unassigned reward and a missing reward', () => {
    const coin = { id: 'rew_coin', assigned_points: 1, point_value: 1 }
    expect(keyOf(run([v(card(100), { reward: { id: 'rew_coin', points: 101 }, rewardFacts: coin })]), 0)).toBe('loyalty_card_points_exceeded')
    expect(keyOf(run([v(card(100), { reward: { id: 'rew_x' }, rewardFacts: { id: 'rew_x' } })]), 0)).toBe('not_found')
    expect(keyOf(run([v(card(100), { reward: { id: 'rew_x' } })]), 0)).toBe('not_found')
    expect(keyOf(run([v(card(100))]), 0)).toBe('missing_reward')
    const material = { id: 'rew_mug', assigned_points: 150 }
    expect(keyOf(run([v(card(100), { reward: { id: 'rew_mug' }, rewardFacts: material })]), 0)).toBe('loyalty_card_points_exceeded')
  })

  it('checks promotion tiers, also inside a stack', () => {
    expect(keyOf(run([{ object: 'promotion_tier', id: 'promo_1', tier: tier('promo_1', { active: false }) }]), 0)).toBe('promotion_inactive')
    expect(keyOf(run([{ object: 'promotion_tier', id: 'promo_1', tier: tier('promo_1', { expiration_date: '2026-01-01T00:00:00.000Z' }) }]), 0)).toBe(
      'promotion_not_active_now',
    )
    const stack = { id: 'stack_1', name: 'S', campaign_id: 'camp_promo', tier_ids: ['promo_1', 'promo_2'], tiers: [tier('promo_1'), tier('promo_2', { validity_day_of_week: [0] })], categories: [] }
    expect(keyOf(run([{ object: 'promotion_stack', id: 'stack_1', stack }]), 0)).toBe('promotion_not_active_now')
  })

  it('marks the second mention of one voucher (code, then id) as duplicated', () => {
    const facts = voucher()
    const outcome = run([v(facts), { object: 'voucher', id: 'v_0001', voucher: facts }])
    expect(keyOf(outcome, 1)).toBe('duplicated_redeemables')
    expect(keyOf(outcome, 0)).toBe('preceding_validation_failed')
  })
})

describe('evaluateCheckout: money', () => {
  it('applies discounts in sequence on what is left, then gift credits', () => {
    const outcome = run([
      v(gift(5000), { gift: { credits: 2000 } }),
      v(voucher({ discount: { type: 'PERCENT', percent_off: 10, amount_limit: 800 } })),
      { object: 'promotion_tier', id: 'promo_1', tier: tier('promo_1') },
    ])
    expect(outcome.valid).toBe(true)
    // 10000 → 10% capped at 800 → 9200 → 1000 off → 8200 → 2000 gift credits → 6200
    expect(outcome.items.map((i) => (i.status === 'APPLICABLE' ? i.applied.amount : -1))).toEqual([2000, 800, 1000])
    expect(outcome.totals).toMatchObject({ amount: 10000, discount_amount: 3800, total_discount_amount: 3800, total_amount: 6200 })
  })

  it('never lets the total go below zero and uses only the credits needed', () => {
    const outcome = run([v(voucher({ discount: { type: 'AMOUNT', amount_off: 1500 } })), v(gift(5000), { gift: { credits: 5000 } })], 2000)
    expect(outcome.totals.total_amount).toBe(0)
    const giftItem = outcome.items[1]
    expect(giftItem.status === 'APPLICABLE' && giftItem.applied.credits).toBe(500)
  })

  it('pays with loyalty points through a pay-with-points reward', () => {
    const coin = { id: 'rew_coin', assigned_points: 1, point_value: 10 }
    const outcome = run([v(card(1000), { reward: { id: 'rew_coin', points: 300 }, rewardFacts: coin })], 10000)
    const item = outcome.items[0]
    expect(item.status === 'APPLICABLE' && item.applied).toEqual({ amount: 3000, points: 300 })
    expect(outcome.totals.total_amount).toBe(7000)
  })

  it('applies a promotion stack tier by tier', () => {
    const stack = {
      id: 'stack_1',
      name: 'S',
      campaign_id: 'camp_promo',
      tier_ids: ['promo_1', 'promo_2'],
      tiers: [tier('promo_1', { discount: { type: 'PERCENT', percent_off: 50 } }), tier('promo_2')],
      categories: [],
    }
    const outcome = run([{ object: 'promotion_stack', id: 'stack_1', stack }], 10000)
    const item = outcome.items[0]
    expect(item.status === 'APPLICABLE' && item.applied.tiers?.map((t) => t.amount)).toEqual([5000, 1000])
    expect(outcome.totals.total_amount).toBe(4000)
  })

  it('processes lower category hierarchy first under CATEGORY_HIERARCHY, else the requested order', () => {
    const percent = v(voucher({ discount: { type: 'PERCENT', percent_off: 50 }, categories: [{ id: 'cat_2', name: 'B', hierarchy: 2 }] }))
    const amount = { object: 'promotion_tier' as const, id: 'promo_1', tier: tier('promo_1', { categories: [{ id: 'cat_1', name: 'A', hierarchy: 1 }] }) }
    const amounts = (o: ReturnType<typeof run>) => o.items.map((i) => (i.status === 'APPLICABLE' ? i.applied.amount : -1))
    expect(amounts(run([percent, amount]))).toEqual([5000, 1000])
    const byHierarchy = run([percent, amount], 10000, { ...DEFAULT_STACKING, redeemables_sorting_rule: 'CATEGORY_HIERARCHY' })
    expect(amounts(byHierarchy)).toEqual([4500, 1000])
  })

  it('skips redeemables beyond applicable_redeemables_limit', () => {
    const outcome = run([v(voucher()), { object: 'promotion_tier', id: 'promo_1', tier: tier('promo_1') }], 10000, {
      ...DEFAULT_STACKING,
      applicable_redeemables_limit: 1,
    })
    expect(keyOf(outcome, 1)).toBe('applicable_redeemables_limit_exceeded')
    expect(outcome.valid).toBe(true)
  })
})
