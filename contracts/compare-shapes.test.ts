import { describe, expect, it } from 'vitest'
import { compareShapes } from './compare-shapes.js'

const campaign = (over: Record<string, unknown> = {}) => ({ id: 'camp_1', name: 'Spring', campaign_type: 'PROMOTION', active: true, created_at: '2026-01-01T00:00:00Z', metadata: {}, ...over })

describe('compareShapes (drift between two targets: the contract, not the data)', () => {
  it('finds nothing in data: other items, totals, list lengths, metadata, optional fields set on other objects, null dates', () => {
    const a = { object: 'list', total: 3, campaigns: [campaign({ description: 'x', metadata: { team: 'a' } }), campaign({ updated_at: null })] }
    const b = { object: 'list', total: 7, campaigns: [campaign({ name: 'Other', metadata: { region: 1, nested: { deep: true } }, updated_at: '2026-02-01T00:00:00Z' }), campaign(), campaign({ campaign_type: 'GIFT_VOUCHERS' })] }
    expect(compareShapes(a, b)).toEqual([])
    expect(compareShapes({ campaigns: [] }, { campaigns: [campaign()] })).toEqual([])
  })

  it('names a field every object has on one side and none on the other (the topmost only)', () => {
    const a = { campaigns: [campaign({ vouchers_count: 1, voucher: { type: 'DISCOUNT_VOUCHER', discount: { amount_off: 1 } } }), campaign({ vouchers_count: 0, voucher: { type: 'GIFT_VOUCHER' } })] }
    const b = { campaigns: [campaign(), campaign()] }
    expect(compareShapes(a, b)).toEqual([
      { kind: 'field-removed', pointer: '/campaigns/*/vouchers_count', recorded: 'present', now: 'absent' },
      { kind: 'field-removed', pointer: '/campaigns/*/voucher', recorded: 'present', now: 'absent' },
    ])
    expect(compareShapes({ object: 'list', has_more: false }, { object: 'list' })).toEqual([{ kind: 'field-removed', pointer: '/has_more', recorded: 'present', now: 'absent' }])
    expect(compareShapes({ object: 'list' }, { object: 'list', data_ref: 'campaigns' })).toEqual([{ kind: 'field-added', pointer: '/data_ref', recorded: 'absent', now: 'present' }])
  })

  it('names a type that never meets the other side\'s', () => {
    expect(compareShapes({ campaigns: [campaign({ active: true })] }, { campaigns: [campaign({ active: 'true' })] })).toEqual([
      { kind: 'type-changed', pointer: '/campaigns/*/active', recorded: 'boolean', now: 'string' },
    ])
    expect(compareShapes({ total: 3 }, { total: '3' })).toEqual([{ kind: 'type-changed', pointer: '/total', recorded: 'number', now: 'string' }])
  })
})
