import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, ManualClock, toIso } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { TransactionStore } from '../transactions/transaction-store.js'
import { parseCsv } from './csv.js'
import { ExportStore, type ExportRequest } from './export-store.js'

const campaigns = [
  { id: 'camp_gift', name: 'Gift cards', campaign_type: 'GIFT_VOUCHERS' },
  { id: 'camp_loyal', name: 'Loyalty', campaign_type: 'LOYALTY_PROGRAM' },
  { id: 'camp_disc', name: 'Coupons', campaign_type: 'DISCOUNT_COUPONS' },
]
const lookup = {
  get(idOrName: string) {
    const found = campaigns.find((c) => c.id === idOrName || c.name === idOrName)
    if (!found) throw notFound('campaign', idOrName)
    return found
  },
}

function setup() {
  const clock = new ManualClock()
  const ids = sequentialIds()
  const transactions = new TransactionStore({ clock, ids })
  transactions.record({ voucher_id: 'v_1', campaign_id: 'camp_gift', type: 'CREDITS_REDEMPTION', amount: -500, balance: 9500, reason: 'order, "big"' })
  const store = new ExportStore({
    clock,
    ids,
    config: { exportScheduledMs: 1000, exportRunMs: 2000 },
    campaigns: () => lookup,
    transactions: () => transactions,
  })
  return { clock, store, transactions }
}

const tokenOf = (url: string): string => new URL(url).searchParams.get('token') ?? ''

describe('ExportStore', () => {
  it('schedules an export of a gift campaign named by id or name, echoing the filters', () => {
    const { store } = setup()
    const filters = { voucher_id: { conditions: { $in: ['v_1'] } } }
    const exp = store.exportCampaignTransactions('Gift cards', { order: '-created_at', parameters: { fields: ['id', 'amount'], filters } })
    expect(exp).toMatchObject({ object: 'export', status: 'SCHEDULED', channel: 'API', exported_object: 'voucher_transactions', result: null, user_id: null })
    expect(exp.created_at).toBe(toIso(FIXTURE_EPOCH))
    expect(exp.parameters).toEqual({
      order: '-created_at',
      fields: ['id', 'amount'],
      filters: { junction: 'AND', ...filters, campaign_id: { conditions: { $in: ['camp_gift'] } } },
    })
  })

  it('moves SCHEDULED -> IN_PROGRESS -> DONE on the clock and then offers the file', () => {
    const { clock, store } = setup()
    const { id } = store.exportCampaignTransactions('camp_loyal')
    clock.advance(999)
    expect(store.getExport(id, 'http://h').status).toBe('SCHEDULED')
    clock.advance(1)
    expect(store.getExport(id, 'http://h')).toMatchObject({ status: 'IN_PROGRESS', result: null })
    clock.advance(2000)
    const done = store.getExport(id, 'http://h')
    expect(done.status).toBe('DONE')
    expect(done.result?.url).toMatch(new RegExp(`^http://h/v1/exports/${id}\\?token=[\\w-]+$`))
  })

  it('serves the campaign transactions up to DONE time with the default columns, RFC 4180 quoted', () => {
    const { clock, store, transactions } = setup()
    const { id } = store.exportCampaignTransactions('camp_gift')
    clock.advance(3000)
    const url = store.getExport(id, 'http://h').result?.url ?? ''
    clock.advance(10)
    transactions.record({ voucher_id: 'v_1', campaign_id: 'camp_gift', type: 'CREDITS_ADDITION', amount: 100, balance: 9600 })
    const csv = store.download(id, tokenOf(url))
    expect(csv).toContain('"order, ""big"""')
    const rows = parseCsv(csv)
    expect(rows[0]).toEqual(['id', 'type', 'source_id', 'reason', 'balance', 'amount', 'created_at', 'voucher_id'])
    expect(rows.slice(1)).toEqual([['vtx_0001', 'CREDITS_REDEMPTION', '', 'order, "big"', '9500', '-500', toIso(FIXTURE_EPOCH), 'v_1']])
  })

  it('refuses a wrong token and a file that is not ready', () => {
    const { store } = setup()
    const { id } = store.exportCampaignTransactions('camp_gift')
    expect(() => store.download(id, 'nope')).toThrow(ApiError)
    const error = (() => {
      try {
        store.download('exp_nope', 'x')
      } catch (e) {
        return e as ApiError
      }
    })()
    expect(error?.status).toBe(404)
  })

  it('answers 403 for other campaign types and 404 for an unknown campaign', () => {
    const { store } = setup()
    expect(() => store.exportCampaignTransactions('camp_disc')).toThrow(/loyalty or gift/)
    expect(() => store.exportCampaignTransactions('camp_nope')).toThrow(ApiError)
  })

  it('rejects unknown fields and bad filters with 400 before creating anything', () => {
    const { store } = setup()
    // bodies the spec refuses too: the store does not rely on the pipeline for them
    expect(() => store.exportCampaignTransactions('camp_gift', { parameters: { fields: ['colour'] } } as unknown as ExportRequest)).toThrow(ApiError)
    expect(() => store.exportCampaignTransactions('camp_gift', { parameters: { filters: { x: { conditions: {} } } } } as ExportRequest)).toThrow(ApiError)
    expect(store.list()).toEqual([])
  })
})
