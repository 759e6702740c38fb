import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, ManualClock, toIso } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { ApiError } from '../../engine/errors.js'
import { TransactionStore } from './transaction-store.js'

function setup() {
  const clock = new ManualClock()
  const store = new TransactionStore({ clock, ids: sequentialIds() })
  const first = store.record({ voucher_id: 'v_1', campaign_id: 'camp_gift', type: 'CREDITS_REDEMPTION', amount: -500, balance: 9500 })
  clock.advance(1_000)
  const second = store.record({ voucher_id: 'v_2', campaign_id: 'camp_gift', type: 'CREDITS_ADDITION', amount: 1000, balance: 11000 })
  clock.advance(1_000)
  store.record({ voucher_id: 'v_9', campaign_id: 'camp_loyal', type: 'POINTS_ACCRUAL', amount: 10, balance: 10 })
  return { clock, store, first, second }
}

describe('TransactionStore', () => {
  it('records transactions with vtx_ ids and the clock time', () => {
    const { first, second } = setup()
    expect(first).toMatchObject({ id: 'vtx_0001', source: 'API', reason: null, related_transaction_id: null })
    expect(first.created_at).toBe(toIso(FIXTURE_EPOCH))
    expect(second.created_at).toBe(toIso(FIXTURE_EPOCH + 1_000))
  })

  it('lists a campaign newest first by default and oldest first with order created_at', () => {
    const { store } = setup()
    expect(store.listByCampaign('camp_gift').map((t) => t.voucher_id)).toEqual(['v_2', 'v_1'])
    expect(store.listByCampaign('camp_gift', { order: 'created_at' }).map((t) => t.voucher_id)).toEqual(['v_1', 'v_2'])
    expect(store.listByCampaign('camp_none')).toEqual([])
  })

  it('filters by voucher_id and created_at conditions, with and/or junctions', () => {
    const { store } = setup()
    const byVoucher = { voucher_id: { conditions: { $in: ['v_1'] } } }
    expect(store.listByCampaign('camp_gift', { filters: byVoucher }).map((t) => t.voucher_id)).toEqual(['v_1'])
    const after = { created_at: { conditions: { $after: [toIso(FIXTURE_EPOCH)] } } }
    expect(store.listByCampaign('camp_gift', { filters: after }).map((t) => t.voucher_id)).toEqual(['v_2'])
    const either = { junction: 'OR', ...after, voucher_id: { conditions: { $is: 'v_1' } } }
    expect(store.listByCampaign('camp_gift', { filters: either })).toHaveLength(2)
  })

  it('takes a snapshot up to an instant', () => {
    const { store } = setup()
    expect(store.listByCampaign('camp_gift', { until: FIXTURE_EPOCH + 500 }).map((t) => t.voucher_id)).toEqual(['v_1'])
  })

  it('rejects unknown filter fields and operators with a 400 naming them', () => {
    const { store } = setup()
    expect(() => store.listByCampaign('camp_gift', { filters: { colour: { conditions: { $is: 'x' } } } })).toThrow(ApiError)
    let error: unknown
    try {
      store.listByCampaign('camp_gift', { filters: { created_at: { conditions: { $in: ['x'] } } } })
    } catch (caught) {
      error = caught
    }
    if (error === undefined) expect.unreachable('an unknown operator was accepted')
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatch(/created_at\.conditions\.\$in/)
    expect((error as ApiError).status).toBe(400)
  })

  it('keeps fixture transactions added out of order sorted by created_at', () => {
    const { store } = setup()
    store.add({ ...store.listByCampaign('camp_gift')[0], id: 'vtx_old', created_at: toIso(FIXTURE_EPOCH - 60_000) })
    expect(store.listByCampaign('camp_gift', { order: 'created_at' })[0].id).toBe('vtx_old')
  })
})
