import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { catchApiError } from '../../testing/catch-api-error.js'
import { ReferralStore, type MemberVoucher } from './referral-store.js'

const vouchers: MemberVoucher[] = [
  { id: 'v_ref1', code: 'REF-AAAA', campaign_id: 'camp_ref' },
  { id: 'v_ref2', code: 'REF-BBBB', campaign_id: 'camp_ref' },
]
const lookup = { findByCodeOrId: (x: string) => vouchers.find((v) => v.id === x || v.code === x) }

function setup(referees = 24) {
  const clock = new ManualClock()
  const store = new ReferralStore({ clock, ids: sequentialIds(), vouchers: () => lookup })
  store.addHolder({ redeemable_id: 'v_ref1', campaign_id: 'camp_ref', customer_id: 'cust_owner', holder_role: 'REFERRER' })
  for (let i = 0; i < referees; i++) {
    clock.advance(1_000)
    store.addHolder({ redeemable_id: 'v_ref1', campaign_id: 'camp_ref', customer_id: `cust_${i}`, holder_role: 'REFEREE' })
  }
  return { clock, store }
}

describe('ReferralStore', () => {
  it('lists by code or by voucher id, 10 by default, with total and a cursor', () => {
    const { store } = setup()
    const byCode = store.listMemberHolders('REF-AAAA')
    expect(byCode).toMatchObject({ object: 'list', data_ref: 'data', total: 25, has_more: true })
    expect(byCode.data).toHaveLength(10)
    expect(byCode.more_starting_after).toBe(byCode.data[9].id)
    expect(store.listReferralCodeHolders('camp_ref', 'v_ref1')).toEqual(byCode)
  })

  it('pages with starting_after_id through every holder exactly once, both orders', () => {
    const { store } = setup()
    for (const order of ['id', '-id'] as const) {
      const seen: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = store.listMemberHolders('v_ref1', { limit: 7, order, starting_after_id: cursor })
        seen.push(...page.data.map((h) => h.id))
        if (!page.has_more) break
        cursor = page.more_starting_after
      }
      expect(new Set(seen).size).toBe(25)
      const sorted = [...seen].sort()
      expect(seen).toEqual(order === 'id' ? sorted : sorted.reverse())
    }
  })

  it('filters by holder_role and customer_id', () => {
    const { store } = setup(3)
    const referrers = store.listMemberHolders('v_ref1', { filters: { holder_role: { conditions: { $is: 'REFERRER' } } } })
    expect(referrers.data.map((h) => h.customer_id)).toEqual(['cust_owner'])
    expect(referrers.total).toBe(1)
    const some = store.listMemberHolders('v_ref1', { filters: { customer_id: { conditions: { $in: ['cust_0', 'cust_2'] } } } })
    expect(some.data.map((h) => h.customer_id)).toEqual(['cust_0', 'cust_2'])
  })

  it('answers 404 voucher for an unknown member or a code of another campaign', () => {
    const { store } = setup(1)
    expect(catchApiError(() => store.listMemberHolders('NOPE'))).toMatchObject({ status: 404, resourceType: 'voucher', resourceId: 'NOPE' })
    expect(catchApiError(() => store.listReferralCodeHolders('camp_other', 'REF-AAAA')).resourceType).toBe('voucher')
  })

  it('returns an empty page for a code without holders', () => {
    const { store } = setup(1)
    expect(store.listMemberHolders('REF-BBBB')).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0, has_more: false })
  })

  it('records holders once per code, customer and role and knows the referrer', () => {
    const { store } = setup(1)
    const again = store.addHolder({ redeemable_id: 'v_ref1', campaign_id: 'camp_ref', customer_id: 'cust_0', holder_role: 'REFEREE' })
    expect(store.listMemberHolders('v_ref1').total).toBe(2)
    expect(again).toMatchObject({ object: 'redeemable_holder', campaign_type: 'REFERRAL_PROGRAM', redeemable_object: 'voucher' })
    expect(store.referrerOf('v_ref1')).toBe('cust_owner')
  })

  it('rejects a limit outside 1..100', () => {
    const { store } = setup(1)
    expect(catchApiError(() => store.listMemberHolders('v_ref1', { limit: 101 })).key).toBe('invalid_query_params')
  })
})
