import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { ApiError } from '../../engine/errors.js'
import type { CodeConfigInput } from './code-generator.js'
import { codeSpace, generateCodes, normaliseCodeConfig, seededRandom } from './code-generator.js'
import { StringCodes } from './code-list.js'
import { VoucherRuleError, VoucherStore } from './voucher-store.js'
import type { VoucherCampaign, VoucherTemplate } from './voucher-types.js'

const details = (pattern: RegExp) => expect.objectContaining({ details: expect.stringMatching(pattern) })

function setup() {
  const clock = new ManualClock()
  const store = new VoucherStore({ clock, config: { seed: 7 } })
  let n = 0
  const campaign = (count: number, codeConfig: CodeConfigInput = { pattern: 'T-####' }, extra: Partial<VoucherTemplate> = {}, msPerCode = 1): VoucherCampaign => ({
    id: `camp_${++n}`,
    name: `Campaign ${n}`,
    active: true,
    category: null,
    createdAt: clock.now(),
    readyAt: clock.now() + Math.max(1, count * msPerCode),
    vouchersCount: count,
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      redemption: { quantity: 2 },
      code_config: normaliseCodeConfig(codeConfig),
      is_referral_code: false,
      ...extra,
    },
  })
  return { clock, store, campaign }
}

describe('code generation', () => {
  it('fills every # from the charset and keeps prefix and postfix', () => {
    const config = normaliseCodeConfig({ pattern: 'AB-###', charset: 'XYZ', prefix: 'pre', postfix: 'post' })
    expect(config).toEqual({ length: 3, charset: 'XYZ', pattern: 'AB-###', prefix: 'pre', postfix: 'post' })
    const list = new StringCodes()
    const seen = new Set<string>()
    generateCodes(config, 27, seededRandom('s'), list, (i) => !seen.has(list.at(i)) && !!seen.add(list.at(i)))
    expect(list.length).toBe(27)
    for (const code of list.codes) expect(code).toMatch(/^preAB-[XYZ]{3}post$/)
  })

  it('defaults to 8 characters from the real service default charset', () => {
    const config = normaliseCodeConfig({})
    expect(config.pattern).toBe('########')
    expect(config.charset).toBe('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
    expect(codeSpace(normaliseCodeConfig({ pattern: '##', charset: 'AAB' }))).toBe(4)
    // characters past ASCII, repeated, and one outside the BMP: counted once each, by code point
    expect(codeSpace(normaliseCodeConfig({ pattern: '##', charset: 'ééa' }))).toBe(4)
    expect(codeSpace(normaliseCodeConfig({ pattern: '##', charset: 'a\u{1F600}\u{1F600}b' }))).toBe(9)
  })

  it('is reproducible for the same seed and campaign', () => {
    const a = setup()
    const b = setup()
    for (const s of [a, b]) {
      const c = s.campaign(5, { pattern: 'R-########' })
      s.store.register(c)
      s.clock.advance(10)
    }
    const codes = (s: ReturnType<typeof setup>) => s.store.list({ campaignIds: ['camp_1'] }).vouchers.map((v) => v.code)
    expect(codes(a)).toEqual(codes(b))
  })
})

describe('VoucherStore', () => {
  it('shows vouchers as the clock passes their generation time', () => {
    const { clock, store, campaign } = setup()
    const c = campaign(10, { pattern: 'T-####' }, {}, 100)
    store.register(c)
    expect(store.visibleCount(c.id)).toBe(0)
    clock.advance(500)
    expect(store.visibleCount(c.id)).toBe(5)
    expect(store.list({ campaignIds: [c.id] }).vouchers).toHaveLength(5)
    clock.advance(500)
    const page = store.list({ campaignIds: [c.id], limit: 100 })
    expect(page.total).toBe(10)
    expect(new Set(page.vouchers.map((v) => v.code)).size).toBe(10)
    for (const v of page.vouchers) expect(v.code).toMatch(/^T-[0-9a-zA-Z]{4}$/)
  })

  it('keeps a change to a voucher in its own campaign: batches share no state', () => {
    const { clock, store, campaign } = setup()
    const [a, b] = [campaign(3), campaign(3)]
    store.register(a)
    store.register(b)
    clock.advance(100)
    const all = () => [...store.list({ campaignIds: [a.id], limit: 10 }).vouchers, ...store.list({ campaignIds: [b.id], limit: 10 }).vouchers]
    // each campaign's newest voucher: the same index in both, so state kept by index in one shared map would show on both
    const first = all().find((v) => v.campaign_id === a.id)!
    const second = all().find((v) => v.campaign_id === b.id)!
    store.redeem(first.code)
    store.setHolder(second.code, 'cust_1')
    expect(all().filter((v) => v.redemption.redeemed_quantity > 0).map((v) => v.code)).toEqual([first.code])
    expect(all().filter((v) => v.holder_id).map((v) => v.code)).toEqual([second.code])
  })

  it('keeps codes unique across campaigns, even in a nearly full space', () => {
    const { clock, store, campaign } = setup()
    const first = campaign(60, { pattern: '##', charset: 'ABCDEFGH' })
    const second = campaign(4, { pattern: '##', charset: 'ABCDEFGH' })
    store.register(first)
    store.register(second)
    clock.advance(100)
    const codes = [...store.list({ campaignIds: [first.id], limit: 100 }).vouchers, ...store.list({ campaignIds: [second.id], limit: 100 }).vouchers].map((v) => v.code)
    expect(codes).toHaveLength(64)
    expect(new Set(codes).size).toBe(64)
  })

  it('refuses a pattern whose space is too small, counting codes promised to earlier campaigns', () => {
    const { store, campaign } = setup()
    const config = normaliseCodeConfig({ pattern: 'AB-##', charset: '0123456789' })
    expect(() => store.checkSpace(config, 101)).toThrow(details(/allows 100 unique codes, fewer than vouchers_count 101/))
    store.register(campaign(60, { pattern: 'AB-##', charset: '0123456789' }))
    expect(() => store.checkSpace(config, 41)).toThrow(details(/60 of them already used/))
    expect(() => store.checkSpace(config, 40)).not.toThrow()
  })

  it('finds vouchers by code and by id, and frees codes on remove', () => {
    const { clock, store, campaign } = setup()
    const c = campaign(3)
    store.register(c)
    clock.advance(10)
    const [v] = store.list({ campaignIds: [c.id] }).vouchers
    expect(store.get(v.code).id).toBe(v.id)
    expect(store.get(v.id).code).toBe(v.code)
    expect(v.id).toMatch(/^v_/)
    store.remove(c.id)
    expect(store.findByCodeOrId(v.code)).toBeUndefined()
    expect(store.codeCount).toBe(0)
    expect(() => store.get(v.code)).toThrow(ApiError)
    store.register({ ...campaign(0), vouchersCount: 1 }, [{ code: v.code }])
    expect(store.get(v.code).code).toBe(v.code)
  })

  it('imports explicit vouchers with their state and refuses duplicate codes', () => {
    const { store, campaign } = setup()
    const gift = campaign(2, {}, { type: 'GIFT_VOUCHER', discount: undefined, gift: { amount: 5000, balance: 5000 } })
    store.register(gift, [{ code: 'GIFT-1', id: 'v_gift1', gift: { balance: 1200 } }, { code: 'GIFT-2' }])
    expect(store.get('GIFT-1')).toMatchObject({ id: 'v_gift1', gift: { amount: 5000, balance: 1200 } })
    expect(store.get('v_gift1').code).toBe('GIFT-1')
    expect(() => store.register(campaign(1), [{ code: 'GIFT-2' }])).toThrow(details(/code GIFT-2 already exists/))
    expect(store.codeCount).toBe(2)
  })

  it('redeems up to redemption.quantity and never overdraws gift or loyalty balances', () => {
    const { store, campaign } = setup()
    store.register(campaign(1), [{ code: 'ONE' }])
    store.redeem('ONE')
    expect(store.redeem('ONE').redemption.redeemed_quantity).toBe(2)
    expect(() => store.redeem('ONE')).toThrow(VoucherRuleError)
    store.register(campaign(1, {}, { type: 'GIFT_VOUCHER', gift: { amount: 1000 } }), [{ code: 'G' }])
    expect(store.adjustGiftBalance('G', -400).gift).toMatchObject({ amount: 1000, balance: 600 })
    expect(() => store.adjustGiftBalance('G', -601)).toThrow(expect.objectContaining({ reason: 'gift_amount_exceeded' }))
    store.register(campaign(1, {}, { type: 'LOYALTY_CARD', loyalty_card: { points: 100 } }), [{ code: 'L' }])
    expect(store.adjustLoyaltyPoints('L', 50).loyalty_card).toMatchObject({ points: 150, balance: 150 })
    expect(() => store.adjustLoyaltyPoints('L', -151)).toThrow(expect.objectContaining({ reason: 'loyalty_card_points_exceeded' }))
    expect(store.setHolder('L', 'cust_1').holder_id).toBe('cust_1')
  })

  it('lists all vouchers newest first, paging across campaigns, interleaving campaigns generated together', () => {
    const { clock, store, campaign } = setup()
    const t0 = clock.now()
    store.register(campaign(3))
    clock.advance(10)
    store.register(campaign(3))
    store.register(campaign(2, { pattern: 'T-####' }, {}, 2))
    clock.advance(10)
    const all = store.list({ limit: 100 })
    expect(all.total).toBe(8)
    // camp_2 writes one code per ms from t=10, camp_3 one per 2 ms: their codes interleave by created_at
    expect(all.vouchers.map((v) => `${v.campaign_id}@${Date.parse(v.created_at) - t0}`)).toEqual([
      'camp_3@14', 'camp_2@13', 'camp_3@12', 'camp_2@12', 'camp_2@11', 'camp_1@3', 'camp_1@2', 'camp_1@1',
    ])
    expect(store.list({ limit: 3, page: 2 }).vouchers.map((v) => v.code)).toEqual(all.vouchers.slice(3, 6).map((v) => v.code))
    expect(store.list({ limit: 100, order: 'created_at' }).vouchers.map((v) => v.code)).toEqual(all.vouchers.map((v) => v.code).reverse())
  })

  it('generates 1,000,000 unique codes for one campaign', () => {
    const { clock, store, campaign } = setup()
    const big = campaign(1_000_000, { pattern: 'PROMO-########' }, {}, 0.001)
    store.register(big)
    clock.advance(1000)
    store.ensureGenerated(big.id)
    expect(store.codeCount).toBe(1_000_000)
    expect(store.list({ campaignIds: [big.id], page: 10_000, limit: 100 }).vouchers).toHaveLength(100)
  }, 30_000)

  it('finds a code of a campaign nobody read yet, generating only campaigns whose pattern fits', () => {
    const { clock, store, campaign } = setup()
    const wanted = campaign(5, { pattern: 'A-[#]-#', charset: 'x^-]' })
    const other = campaign(5, { pattern: 'B-##' })
    store.register(wanted)
    store.register(other)
    clock.advance(100)
    const code = store.list({ campaignIds: [wanted.id], limit: 1 }).vouchers[0].code
    const fresh = setup()
    fresh.store.register({ ...wanted, createdAt: fresh.clock.now(), readyAt: fresh.clock.now() + 5 })
    fresh.store.register({ ...other, createdAt: fresh.clock.now(), readyAt: fresh.clock.now() + 5 })
    fresh.clock.advance(100)
    expect(fresh.store.get(code).campaign_id).toBe(wanted.id)
    expect(fresh.store.codeCount).toBe(5)
  })
})
