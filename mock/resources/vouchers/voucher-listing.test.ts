import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { normaliseCodeConfig } from './code-generator.js'
import { voucherReader } from './voucher-fields.js'
import { VoucherBatches } from './voucher-batches.js'
import { listVoucherPage, VOUCHER_ORDERS, voucherTests, type ListingSource, type VoucherListQuery } from './voucher-listing.js'
import { listingSource } from './listing-source.js'
import { finishNow, settle } from './list-work.js'
import { redeemVoucher, setVoucherHolder, type VoucherAt } from './voucher-mutations.js'
import type { Batch, ExplicitVoucher, VoucherCampaign } from './voucher-types.js'

interface CampaignPlan {
  count: number
  type: 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD'
  name: string
  category: 'Food' | 'Travel' | null
  active: boolean
  /** ms per code: campaigns still generating show only part of their vouchers */
  pace: number
  explicit: boolean
  deleted: boolean
}

const campaignPlan: fc.Arbitrary<CampaignPlan> = fc.record({
  count: fc.integer({ min: 1, max: 40 }),
  type: fc.constantFrom('DISCOUNT_VOUCHER' as const, 'GIFT_VOUCHER' as const, 'LOYALTY_CARD' as const),
  name: fc.constantFrom('Spring', 'Summer', 'Autumn'),
  category: fc.constantFrom('Food' as const, 'Travel' as const, null),
  active: fc.boolean(),
  pace: fc.constantFrom(0, 1, 3),
  explicit: fc.boolean(),
  deleted: fc.constantFrom(false, false, false, true),
})

const change = fc.record({ kind: fc.constantFrom('redeem' as const, 'hold' as const), voucher: fc.nat(), after: fc.integer({ min: 0, max: 30 }) })

const filters = fc.constantFrom<Record<string, unknown> | undefined>(
  undefined,
  { active: { conditions: { $is: 'FALSE' } } },
  { voucher_type: { conditions: { $in: ['GIFT_VOUCHER', 'LOYALTY_CARD'] } } },
  { campaign: { conditions: { $is: 'Summer' } }, category: { conditions: { $has_value: '' } } },
  { holder_id: { conditions: { $has_value: '' } } },
  { updated_at: { conditions: { $is_unknown: '' } } },
  { junction: 'or', updated_at: { conditions: { $has_value: '' } }, category: { conditions: { $is: 'Travel' } } },
  { code: { conditions: { $starts_with: 'S' } } },
  { code: { $starts_with: ['X1-'] }, active: { conditions: { $is: 'TRUE' } } },
  { code: { conditions: { $starts_with: 'A' } }, holder_id: { conditions: { $has_value: '' } } },
  { junction: 'or', code: { conditions: { $starts_with: 'X' } }, active: { conditions: { $is: 'FALSE' } } },
  { created_at: { conditions: { $before: '2026-01-01T00:00:05.000Z' } } },
  { junction: 'or', id: { conditions: { $in: ['v_00000003', 'v_00000009'] } }, active: { conditions: { $is: 'TRUE' } } },
)

const query = fc.record({
  order: fc.constantFrom(...VOUCHER_ORDERS),
  page: fc.integer({ min: 1, max: 4 }),
  limit: fc.integer({ min: 1, max: 7 }),
  filters,
  holders: fc.boolean(),
  category: fc.constantFrom(undefined, 'Food'),
  firstTwo: fc.boolean(),
})

function listQueryOf(q: typeof query extends fc.Arbitrary<infer Q> ? Q : never): VoucherListQuery {
  return {
    order: q.order as VoucherListQuery['order'],
    page: q.page,
    limit: q.limit,
    ...(q.filters ? { filters: q.filters as VoucherListQuery['filters'] } : {}),
    ...(q.holders ? { holderIds: ['cust_1'] } : {}),
    ...(q.category ? { category: q.category } : {}),
    // build() names its campaigns camp_0, camp_1, ...
    ...(q.firstTwo ? { campaignIds: ['camp_0', 'camp_1'] } : {}),
  }
}

/** The same campaigns and changes, built the way the store builds them. */
function build(plans: CampaignPlan[], changes: { kind: 'redeem' | 'hold'; voucher: number; after: number }[]) {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z')
  const batches = new VoucherBatches({ clock, config: { seed: 3 } })
  for (const [n, plan] of plans.entries()) {
    const category = plan.category && { id: `cat_${plan.category}`, name: plan.category }
    const voucher = { type: plan.type, code_config: normaliseCodeConfig({ pattern: `${plan.name[0]}${n}-###`, charset: 'aB3xY' }), is_referral_code: false, redemption: { quantity: null } }
    const campaign: VoucherCampaign = { id: `camp_${n}`, name: plan.name, active: plan.active, category, createdAt: clock.now(), readyAt: clock.now() + plan.pace * plan.count, vouchersCount: plan.count, voucher }
    const explicit: ExplicitVoucher[] | undefined = plan.explicit
      ? Array.from({ length: plan.count }, (_, i) => ({ code: `X${n}-${(i * 7919) % 97}-${i}`, ...(i % 3 === 0 ? { created_at: `2026-01-01T00:00:0${i % 10}.000Z` } : {}) }))
      : undefined
    batches.register(campaign, explicit)
    clock.advance(2)
  }
  clock.advance(40)
  const at = (batch: Batch, index: number): VoucherAt => ({ batch, index })
  for (const { kind, voucher, after } of changes) {
    clock.advance(after)
    const batch = batches.all[voucher % batches.all.length]
    const n = batches.visible(batch)
    if (n === 0) continue
    if (batch.codes === null) batches.generate(batch)
    const target = at(batch, voucher % n)
    if (kind === 'redeem') redeemVoucher(target, 'x', clock)
    else setVoucherHolder(target, `cust_${voucher % 2}`, clock)
  }
  for (const [n, plan] of plans.entries()) if (plan.deleted) batches.all[n].goneAt = clock.now()
  const source = listingSource(batches, finishNow, new Map(), clock.now(), Infinity)
  return { source, batches }
}

/** The obvious way: test every voucher, sort them all, cut the page. */
function naive(query: VoucherListQuery, source: ListingSource): { ids: string[]; total: number } {
  const read = voucherReader(({ batch, index }) => {
    if (batch.codes === null) source.generate(batch)
    return batch.codes!.at(index)
  })
  const { tests } = voucherTests(query, read, source.now)
  const matches: VoucherAt[] = []
  for (const batch of source.batches) {
    if (query.campaignIds && !query.campaignIds.includes(batch.campaign.id)) continue
    if (query.category !== undefined && batch.campaign.category?.name !== query.category) continue
    for (let index = 0; index < source.visible(batch); index++) if (tests.every((t) => t({ batch, index }))) matches.push({ batch, index })
  }
  const order = query.order ?? '-created_at'
  const field = order.replace(/^-/, '')
  const key = (at: VoucherAt): string | number =>
    field === 'created_at' ? 0
      : field === 'updated_at' ? (read.updatedAt(at) ?? -Infinity)
        : field === 'code' ? read.code(at)
          : field === 'type' ? at.batch.campaign.voucher!.type
            : field === 'campaign' ? at.batch.campaign.name
              : (at.batch.campaign.category?.name ?? '')
  const sign = order.startsWith('-') ? -1 : 1
  const ties = order === 'created_at' ? 1 : -1
  const cmp = (a: VoucherAt, b: VoucherAt): number => {
    const [ka, kb] = [key(a), key(b)]
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign
    const [ta, tb] = [read.createdAt(a), read.createdAt(b)]
    if (ta !== tb) return (ta - tb) * ties
    return (a.batch.base + a.index - (b.batch.base + b.index)) * ties
  }
  const limit = query.limit ?? 10
  const skip = ((query.page ?? 1) - 1) * limit
  const page = matches.sort(cmp).slice(skip, skip + limit)
  return { ids: page.map((at) => read.id(at)), total: matches.length }
}

describe('listVouchers: indexed pages equal the naive scan and sort', () => {
  it('for every order, page, filter and campaign selection, over generating, imported, changed and deleted vouchers', () => {
    fc.assert(
      fc.property(fc.array(campaignPlan, { minLength: 1, maxLength: 5 }), fc.array(change, { maxLength: 12 }), query, (plans, changes, q) => {
        const { source } = build(plans, changes)
        const listQuery = listQueryOf(q)
        const expected = naive(listQuery, source)
        const page = listVoucherPage(listQuery, source)
        expect({ ids: page.vouchers.map((v) => v.id), total: page.total }).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('the same pages and codes when the codes are made, sorted and scanned in steps of 2 with pauses between', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(campaignPlan, { minLength: 1, maxLength: 5 }), fc.array(change, { maxLength: 12 }), query, async (plans, changes, q) => {
        const listQuery = listQueryOf(q)
        const { source } = build(plans, changes)
        const expected = listVoucherPage(listQuery, source)
        // the same store built afresh: its codes not made yet where no change needed them
        const { batches, source: fresh } = build(plans, changes)
        const madeBefore = batches.all.map((b) => b.codes !== null)
        let pauses = 0
        const scans = new Map()
        const stepped = await settle((run) => listVoucherPage(listQuery, listingSource(batches, run, scans, fresh.now, 2)), {
          step: 2,
          sliceMs: 0,
          pause: async () => void pauses++,
        })
        expect(stepped).toEqual(expected)
        const made = (list: typeof batches.all) => list.map((b) => (b.codes ? Array.from({ length: b.codes.length }, (_, i) => b.codes!.at(i)) : null))
        expect(made(batches.all).filter((c) => c !== null)).toEqual(made(source.batches).filter((c, i) => c !== null && batches.all[i].codes !== null))
        const madeInSteps = batches.all.some((b, i) => !madeBefore[i] && b.codes !== null && b.codes.length > 2)
        if (madeInSteps && pauses === 0) expect.unreachable('codes made in steps of 2 pause between steps')
      }),
      { numRuns: 200 },
    )
  })

  it('a stepped list answers the state as it is when it answers: vouchers changed during its pauses are tested again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(campaignPlan, { minLength: 1, maxLength: 4 }), query, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), async (plans, q, targets) => {
        const listQuery = listQueryOf(q)
        const { batches, source } = build(plans, [])
        const clock = { now: () => source.now }
        let pauses = 0
        const scans = new Map()
        const stepped = await settle((run) => listVoucherPage(listQuery, listingSource(batches, run, scans, source.now, 2)), {
          step: 2,
          sliceMs: 0,
          // another client changes a voucher while the list waits
          pause: async () => {
            const target = targets[pauses++ % targets.length]
            const batch = batches.all[target % batches.all.length]
            const n = batches.visible(batch)
            if (n === 0) return
            if (batch.codes === null) batches.generate(batch)
            const at = { batch, index: target % n }
            if (target % 2 === 0) redeemVoucher(at, 'x', clock)
            else setVoucherHolder(at, 'cust_1', clock)
          },
        })
        expect(stepped).toEqual(listVoucherPage(listQuery, listingSource(batches, finishNow, new Map(), source.now, Infinity)))
      }),
      { numRuns: 150 },
    )
  })
})
