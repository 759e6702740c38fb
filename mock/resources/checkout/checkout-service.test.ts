import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, ManualClock } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { CategoryStore } from '../categories/category-store.js'
import { CustomerStore } from '../customers/customer-store.js'
import { RedemptionStore } from '../redemptions/redemption-store.js'
import { ReferralStore } from '../referrals/referral-store.js'
import { RewardStore } from '../rewards/reward-store.js'
import { StackStore } from '../stacks/stack-store.js'
import { TransactionStore } from '../transactions/transaction-store.js'
import { VoucherStore } from '../vouchers/voucher-store.js'
import type { VoucherCampaign, VoucherTemplate } from '../vouchers/voucher-types.js'
import type { TierLike } from './checkout-resolver.js'
import { redeemCheckout, validateCheckout, type CheckoutProject } from './checkout-service.js'

const codeConfig = { length: 8, charset: 'ABC', pattern: '########' }

function setup() {
  const clock = new ManualClock(FIXTURE_EPOCH)
  const ids = sequentialIds()
  const vouchers = new VoucherStore({ clock, config: { seed: 1 } })
  const campaign = (id: string, voucher: Omit<VoucherTemplate, 'code_config' | 'is_referral_code'> & { is_referral_code?: boolean }, codes: string[]): void => {
    const c: VoucherCampaign = {
      id,
      name: id,
      active: true,
      category: null,
      voucher: { code_config: codeConfig, is_referral_code: false, ...voucher },
      createdAt: FIXTURE_EPOCH,
      readyAt: FIXTURE_EPOCH,
      vouchersCount: codes.length,
    }
    vouchers.register(c, codes.map((code) => ({ code })))
  }
  campaign('camp_coupon', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, redemption: { quantity: 1 } }, ['ONCE'])
  campaign('camp_gift', { type: 'GIFT_VOUCHER', gift: { amount: 5000 }, redemption: { quantity: null } }, ['GIFT'])
  campaign('camp_loyal', { type: 'LOYALTY_CARD', loyalty_card: { points: 1000 }, redemption: { quantity: null } }, ['CARD'])
  campaign('camp_ref', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1000 }, redemption: { quantity: null }, is_referral_code: true }, ['REF'])
  const rewards = new RewardStore({ clock, ids })
  rewards.addReward({ id: 'rew_coin', name: 'coin', type: 'COIN', parameters: { coin: { exchange_ratio: 1, points_ratio: 100 } }, metadata: {}, created_at: '', updated_at: null, object: 'reward' })
  rewards.assign('rew_coin', 'camp_loyal', 1)
  const tier: TierLike = { id: 'promo_1', name: 'Five off', action: { discount: { type: 'AMOUNT', amount_off: 500 } }, active: true, campaign_id: 'camp_promo', object: 'promotion_tier' }
  const summaries: [string, number, number][] = []
  const referrals = new ReferralStore({ clock, ids, vouchers: () => vouchers })
  referrals.addHolder({ redeemable_id: vouchers.get('REF').id, campaign_id: 'camp_ref', customer_id: 'cust_owner', holder_role: 'REFERRER' })
  const transactions = new TransactionStore({ clock, ids })
  const project: CheckoutProject = {
    vouchers,
    tiers: { findTier: (id) => (id === tier.id ? tier : undefined), recordTierRedemption: (...args) => void summaries.push(args) },
    categories: new CategoryStore({ clock, ids }),
    rewards,
    stacks: new StackStore({ clock, ids }),
    referrals,
    transactions,
    redemptions: new RedemptionStore(),
    customers: new CustomerStore({ ids }),
  }
  const ctx = { now: clock.now(), ids, requestId: 'req_1', channelId: 'app' }
  return { project, ctx, vouchers, summaries, transactions, referrals }
}

describe('checkout service', () => {
  it('validates without changing anything', () => {
    const { project, ctx, vouchers } = setup()
    const body = validateCheckout({ redeemables: [{ object: 'voucher', id: 'ONCE' }], order: { amount: 10000 }, customer: { source_id: 'c1' } }, project, ctx)
    expect(body).toMatchObject({ valid: true, order: { total_amount: 9000 } })
    expect(vouchers.get('ONCE').redemption.redeemed_quantity).toBe(0)
    expect(project.customers.list()).toHaveLength(0)
  })

  it('redeems everything or nothing', () => {
    const { project, ctx, vouchers, transactions } = setup()
    const bad = redeemCheckout(
      { redeemables: [{ object: 'voucher', id: 'GIFT', gift: { credits: 100 } }, { object: 'voucher', id: 'NOPE' }], order: { amount: 10000 } },
      project,
      ctx,
    )
    expect(bad).toMatchObject({ status: 404, body: { key: 'not_found', resource_id: 'NOPE' } })
    expect(vouchers.get('GIFT').gift?.balance).toBe(5000)
    expect(transactions.all()).toHaveLength(0)
    // only the trace: a failed parent and the failed child of the unknown code
    expect(project.redemptions.list().map((r) => [r.status, r.failure_code])).toEqual([['FAILED', 'resource_not_found'], ['FAILED', 'resource_not_found']])
  })

  it('spends a code, gift credits and points, records transactions, holders and tier summaries', () => {
    const { project, ctx, vouchers, summaries, transactions, referrals } = setup()
    const answer = redeemCheckout(
      {
        redeemables: [
          { object: 'voucher', id: 'ONCE' },
          { object: 'promotion_tier', id: 'promo_1' },
          { object: 'voucher', id: 'REF' },
          { object: 'voucher', id: 'GIFT', gift: { credits: 2000 } },
          { object: 'voucher', id: 'CARD', reward: { id: 'rew_coin', points: 300 } },
        ],
        order: { amount: 10000, source_id: 'ord_1' },
        customer: { source_id: 'buyer' },
      },
      project,
      ctx,
    )
    if (answer.status !== 200) throw new Error(`refused: ${answer.body.details}`)
    const { body } = answer
    // 10000 -10% → 9000 -500 → 8500 -1000 → 7500, gift 2000 → 5500, 300 points x 1 cent → 5200
    expect(body.order).toMatchObject({ amount: 10000, total_discount_amount: 4800, total_amount: 5200 })
    expect(body.redemptions).toHaveLength(5)
    expect(vouchers.get('ONCE').redemption.redeemed_quantity).toBe(1)
    expect(vouchers.get('GIFT').gift?.balance).toBe(3000)
    expect(vouchers.get('CARD').loyalty_card?.balance).toBe(700)
    expect(transactions.all().map((t) => [t.type, t.amount, t.balance])).toEqual([
      ['CREDITS_REDEMPTION', -2000, 3000],
      ['POINTS_REDEMPTION', -300, 700],
    ])
    expect(summaries).toEqual([['promo_1', 10000, 500]])
    const holders = referrals.listMemberHolders('REF').data.map((h) => [h.holder_role, h.customer_id])
    expect(holders).toEqual([['REFERRER', 'cust_owner'], ['REFEREE', 'cust_0001']])
    const again = redeemCheckout({ redeemables: [{ object: 'voucher', id: 'ONCE' }], order: { amount: 100 } }, project, ctx)
    expect(again).toMatchObject({ status: 400, body: { key: 'quantity_exceeded' } })
  })
})
