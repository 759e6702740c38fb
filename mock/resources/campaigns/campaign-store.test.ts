import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { CategoryStore } from '../categories/category-store.js'
import { VoucherStore } from '../vouchers/voucher-store.js'
import { CampaignStore } from './campaign-store.js'
import type { ListCampaignsQuery } from './campaign-list.js'
import type { CampaignInput } from './campaign-types.js'

function setup() {
  const clock = new ManualClock()
  const ids = sequentialIds()
  const categories = new CategoryStore({ clock, ids })
  const vouchers = new VoucherStore({ clock, config: { seed: 1 } })
  const config = { generationRate: 1000, maxVouchersCount: 10_000 }
  const store = new CampaignStore({ clock, ids, config, categories, vouchers })
  return { clock, ids, categories, vouchers, config, store }
}

const details = (pattern: RegExp) => expect.objectContaining({ details: expect.stringMatching(pattern) })

const discount = (name: string, extra: Partial<CampaignInput> = {}): CampaignInput => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: 10,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'D-######' } },
  ...extra,
})

describe('CampaignStore.create', () => {
  it('answers IN_PROGRESS with 0 vouchers, then DONE with all of them once the clock passes', () => {
    const { clock, store } = setup()
    const created = store.create(discount('Spring', { vouchers_count: 1500 }))
    expect(created).toMatchObject({ creation_status: 'IN_PROGRESS', vouchers_generation_status: 'IN_PROGRESS', vouchers_count: 0 })
    expect(created).toMatchObject({ active: true, auto_join: false, join_once: false, protected: false, type: 'AUTO_UPDATE' })
    expect(() => store.get('Spring')).toThrow(expect.objectContaining({ status: 404, headers: { 'Retry-After': '2' } }))
    clock.advance(1499)
    expect(() => store.get(created.id)).toThrow(details(/is being generated/))
    clock.advance(1)
    expect(store.get('Spring')).toMatchObject({ creation_status: 'DONE', vouchers_count: 1500 })
  })

  it('uses the generation rate in force at creation', () => {
    const { clock, store, config } = setup()
    config.generationRate = 100
    store.create(discount('Slow', { vouchers_count: 10 }))
    config.generationRate = 1_000_000
    clock.advance(99)
    expect(() => store.get('Slow')).toThrow()
    clock.advance(1)
    expect(store.get('Slow').vouchers_count).toBe(10)
  })

  it('creates a promotion DONE at once, with tiers, hierarchy and rule assignments', () => {
    const { store } = setup()
    const created = store.create({
      name: 'Promo',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'A', validation_rules: ['val_1'] }, { name: 'B' }] },
    })
    expect(created).toMatchObject({ creation_status: 'DONE', type: 'STATIC' })
    const promotion = created.promotion!
    expect(promotion).toMatchObject({ object: 'list', data_ref: 'tiers', total: 2, has_more: false })
    expect(promotion.tiers.map((t) => [t.hierarchy, t.name, t.promotion_id, t.campaign?.id])).toEqual([
      [1, 'A', created.id, created.id],
      [2, 'B', created.id, created.id],
    ])
    expect(promotion.tiers[0].id).toMatch(/^promo_/)
    expect(promotion.tiers[0].summary).toEqual({ redemptions: { total_redeemed: 0 }, orders: { total_amount: 0, total_discount_amount: 0 } })
    expect(promotion.tiers[0].validation_rule_assignments?.data[0]).toMatchObject({
      rule_id: 'val_1',
      related_object_id: promotion.tiers[0].id,
      related_object_type: 'promotion_tier',
    })
    expect(store.findTier(promotion.tiers[1].id)?.tier.name).toBe('B')
  })

  it('refuses duplicates, unknown categories, referral without discount, small spaces and big counts, consuming no id', () => {
    const { store, categories, ids } = setup()
    store.create(discount('Taken'))
    const before = ids.next('camp')
    expect(() => store.create(discount('Taken'))).toThrow(expect.objectContaining({ status: 409, resourceId: 'Taken', resourceType: 'campaign' }))
    expect(() => store.create(discount('X', { category_id: 'cat_nope' }))).toThrow(expect.objectContaining({ status: 404, resourceId: 'cat_nope', resourceType: 'category' }))
    expect(() => store.create(discount('X', { category: 'Nope' }))).toThrow(expect.objectContaining({ resourceId: 'Nope', resourceType: 'category' }))
    expect(() =>
      store.create({ name: 'R', campaign_type: 'REFERRAL_PROGRAM', voucher: { type: 'DISCOUNT_VOUCHER', is_referral_code: true } }),
    ).toThrow(details(/^Property 'discount' is required for REFERRAL_PROGRAM campaign$/))
    expect(() => store.create(discount('S', { vouchers_count: 5000, voucher: { discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'AB-##' } } }))).toThrow(
      details(/pattern 'AB-##' with charset of 62 characters allows 3844 unique codes, fewer than vouchers_count 5000/),
    )
    expect(() => store.create(discount('B', { vouchers_count: 10_001 }))).toThrow(details(/above this mock's limit/))
    expect(ids.next('camp')).toBe('camp_0003')
    expect(before).toBe('camp_0002')
    const cat = categories.create({ name: 'Seasonal', hierarchy: 1 })
    expect(store.create(discount('Cat', { category: 'Seasonal' }))).toMatchObject({ category: 'Seasonal', category_id: cat.id, categories: [cat] })
  })

  it('copies dates and validity into the voucher template and adds length and charset to code_config', () => {
    const { store } = setup()
    const created = store.create(
      discount('Dates', { start_date: '2026-02-01T00:00:00Z', expiration_date: '2026-03-01T00:00:00Z', validity_day_of_week: [1, 2] }),
    )
    expect(created.voucher).toMatchObject({
      start_date: '2026-02-01T00:00:00.000Z',
      expiration_date: '2026-03-01T00:00:00.000Z',
      validity_day_of_week: [1, 2],
      code_config: { pattern: 'D-######', length: 6, charset: expect.any(String) },
      is_referral_code: false,
    })
  })

  it('deletes a campaign when its deletion is due (force): name and codes become free', () => {
    const { clock, store, vouchers } = setup()
    store.create(discount('Gone', { vouchers_count: 3 }))
    clock.advance(10)
    const code = vouchers.list({ campaignIds: ['camp_0001'] }).vouchers[0].code
    const deletion = store.scheduleDeletion('Gone', () => ({ actionId: 'aa_1', at: clock.now() + 1000, force: true }))
    expect(store.scheduleDeletion('camp_0001', () => ({ actionId: 'aa_2', at: 0, force: true }))).toBe(deletion)
    clock.advance(999)
    expect(store.get('Gone')).toMatchObject({ id: 'camp_0001' })
    expect(vouchers.findByCodeOrId(code)).toBeDefined()
    clock.advance(1)
    expect(store.find('Gone')).toBeUndefined()
    expect(vouchers.findByCodeOrId(code)).toBeUndefined()
    expect(vouchers.codeCount).toBe(0)
    expect(store.create(discount('Gone', { vouchers_count: 3 }))).toMatchObject({ name: 'Gone' })
  })

  it('moves a campaign deleted without force to the bin: unreadable, name and codes still taken', () => {
    const { clock, store, vouchers } = setup()
    store.create(discount('Binned', { vouchers_count: 3 }))
    clock.advance(10)
    const code = vouchers.list({ campaignIds: ['camp_0001'] }).vouchers[0].code
    store.scheduleDeletion('Binned', () => ({ actionId: 'aa_1', at: clock.now() + 5, force: false }))
    clock.advance(5)
    expect(() => store.get('Binned')).toThrow(expect.objectContaining({ status: 404 }))
    expect(store.list({}).total).toBe(0)
    expect(vouchers.findByCodeOrId(code)).toBeUndefined()
    expect(vouchers.codeCount).toBe(3)
    expect(() => store.create(discount('Binned'))).toThrow(details(/'Binned' is in the bin/))
  })

  it('imports fixture campaigns DONE at once with explicit codes', () => {
    const { store, vouchers } = setup()
    store.import({
      ...discount('Fixture'),
      name: 'Fixture',
      id: 'camp_fixed',
      created_at: '2026-01-10T00:00:00.000Z',
      vouchers: [{ code: 'FIX-1' }, { code: 'FIX-2' }],
    })
    expect(store.get('camp_fixed')).toMatchObject({ creation_status: 'DONE', vouchers_count: 2, created_at: '2026-01-10T00:00:00.000Z' })
    expect(vouchers.get('FIX-2').campaign_id).toBe('camp_fixed')
  })
})

describe('CampaignStore.list', () => {
  function many(n: number) {
    const s = setup()
    for (let i = 0; i < n; i++) {
      const type = i % 2 === 0 ? 'PROMOTION' : 'DISCOUNT_COUPONS'
      s.store.create(type === 'PROMOTION' ? { name: `c${String(i).padStart(3, '0')}`, campaign_type: type } : discount(`c${String(i).padStart(3, '0')}`, { vouchers_count: 1 }))
      s.clock.advance(10)
    }
    return s
  }
  const names = (page: { campaigns: Record<string, unknown>[] }) => page.campaigns.map((c) => c.name)

  it('pages newest first, answers an empty page past the end, and orders on request', () => {
    const { store } = many(25)
    expect(names(store.list({ limit: 3 }))).toEqual(['c024', 'c023', 'c022'])
    expect(store.list({ limit: 10, page: 3 })).toMatchObject({ total: 25, campaigns: [{}, {}, {}, {}, {}] })
    expect(store.list({ limit: 10, page: 4 })).toMatchObject({ total: 25, campaigns: [] })
    expect(names(store.list({ limit: 2, order: 'created_at' }))).toEqual(['c000', 'c001'])
    expect(names(store.list({ limit: 2, order: '-name' }))).toEqual(['c024', 'c023'])
    expect(names(store.list({ limit: 2, page: 2, order: 'updated_at' }))).toEqual(['c002', 'c003'])
    expect(() => store.list({ limit: 101 })).toThrow(expect.objectContaining({ key: 'invalid_query_params' }))
  })

  it('filters by type, status, referral flag and the filters deepObject', () => {
    const { store, clock } = many(10)
    store.create(discount('generating', { vouchers_count: 5000 }))
    expect(store.list({ campaign_type: 'PROMOTION' }).total).toBe(5)
    expect(store.list({ campaign_status: 'IN_PROGRESS' })).toMatchObject({ total: 1, campaigns: [{ name: 'generating', vouchers_count: 0 }] })
    expect(store.list({ campaign_status: 'DONE' }).total).toBe(10)
    expect(store.list({ campaign_status: 'DONE', campaign_type: 'DISCOUNT_COUPONS', limit: 2 }).total).toBe(5)
    expect(store.list({ is_referral_code: true }).total).toBe(0)
    expect(names(store.list({ filters: { campaigns: { conditions: { $is: 'c003' } } } }))).toEqual(['c003'])
    expect(names(store.list({ filters: { name: { conditions: { $in: ['c001', 'c002', 'zzz'] } } } }))).toEqual(['c002', 'c001'])
    expect(store.list({ filters: { campaigns: { conditions: { $starts_with: 'c00' } } } }).total).toBe(10)
    expect(store.list({ filters: { campaign_status: { conditions: { $in: ['IN_PROGRESS'] } } } }).total).toBe(1)
    // as a cast: the generated type's index signature (other filter fields are objects) leaves no room for `junction`
    const either = { junction: 'or', campaigns: { conditions: { $is: 'c001' } }, campaign_status: { conditions: { $is: 'IN_PROGRESS' } } } as ListCampaignsQuery['filters']
    expect(names(store.list({ filters: either }))).toEqual(['generating', 'c001'])
    expect(() => store.list({ filters: { nope: { conditions: { $is: 'x' } } } })).toThrow(details(/unknown filter/))
    clock.advance(5000)
    expect(store.list({ campaign_status: 'IN_PROGRESS' }).total).toBe(0)
  })

  it('fills categories only with expand=category(ies)', () => {
    const { store, categories } = setup()
    const cat = categories.create({ name: 'K', hierarchy: 0 })
    store.create(discount('withCat', { category_id: cat.id }))
    expect(store.list().campaigns[0].categories).toEqual([])
    expect(store.list({ expand: ['category'] }).campaigns[0].categories).toEqual([cat])
    expect(store.list({ expand: ['categories'] }).campaigns[0].categories).toEqual([cat])
  })
})

describe('CampaignStore.listWithText (kept pages)', () => {
  const promotion = (name: string): CampaignInput => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } })

  it('answers the same frozen page and text for a query asked again until a campaign is added or deleted', () => {
    const { store, clock } = setup()
    store.create(promotion('a'))
    clock.advance(1000)
    store.listWithText({ limit: 5 }) // a first ask keeps nothing (PageCache)
    const first = store.listWithText({ limit: 5 })
    expect(store.listWithText({ limit: 5 })).toBe(first)
    expect(first.text).toBe(JSON.stringify(first.page))
    expect(Object.isFrozen(first.page)).toBe(true)
    const created = store.create(promotion('b'))
    store.listWithText({ limit: 5 })
    const second = store.listWithText({ limit: 5 })
    expect(second.page.campaigns.map((c) => c.name)).toEqual(['b', 'a'])
    store.scheduleDeletion(created.id, () => ({ actionId: 'aa_1', at: clock.now() + 10, force: true }))
    expect(store.listWithText({ limit: 5 })).toBe(second)
    clock.advance(10)
    expect(store.listWithText({ limit: 5 }).page.campaigns.map((c) => c.name)).toEqual(['a'])
  })

  it('keeps no page for filters that compare with the clock', () => {
    const plain = setup().store
    plain.create(promotion('a'))
    const byName = { name: { conditions: { $in: ['a'] } } }
    plain.listWithText({ filters: byName })
    expect(plain.listWithText({ filters: byName })).toBe(plain.listWithText({ filters: byName }))
    expect(plain.listWithText({ filters: byName })).not.toBe(plain.listWithText({ filters: { name: { conditions: { $in: ['b'] } } } }))
    const clockBound = { status: { conditions: { $expired: '' } } }
    expect(plain.listWithText({ filters: clockBound })).not.toBe(plain.listWithText({ filters: clockBound }))
  })

  it('rebuilds a page when the clock stands before the time it was built', () => {
    const { store, clock } = setup()
    store.create(promotion('a'))
    clock.advance(5000)
    store.listWithText({})
    const later = store.listWithText({})
    expect(store.listWithText({})).toBe(later)
    clock.set(clock.now() - 1000)
    expect(store.listWithText({})).not.toBe(later)
  })
})
