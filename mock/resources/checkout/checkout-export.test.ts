import { describe, expect, it } from 'vitest'
import { parseCsv } from '../exports/csv.js'
import { createTestApp, expectContract } from '../../testing/index.js'

// Issue 5: a redemption's gift/loyalty transactions are what the transaction export then lists.
describe('POST /v1/redemptions → POST /v1/campaigns/{id}/transactions/export', () => {
  it('lists the gift credits and loyalty points a redemption spent in the exported CSV', async () => {
    const t = await createTestApp()
    const redeemed = await t.request
      .post('/v1/redemptions')
      .set(t.headers.app)
      .send({
        redeemables: [
          { object: 'voucher', id: 'GIFT-0001', gift: { credits: 2500 } },
          { object: 'voucher', id: 'LOYAL-0001', reward: { id: 'rew_demo0002', points: 500 } },
        ],
        order: { amount: 10000, source_id: 'order-export-1' },
      })
    expectContract(redeemed, 'redeemStackedDiscounts')
    expect(redeemed.status).toBe(200)

    const csvOf = async (campaignId: string): Promise<string[][]> => {
      const fields = ['type', 'amount', 'balance', 'source_id']
      const created = await t.request.post(`/v1/campaigns/${campaignId}/transactions/export`).set(t.headers.app).send({ parameters: { fields } })
      expectContract(created, 'exportCampaignTransactions')
      t.clock.advance(3_000)
      const done = await t.request.get(`/v1/exports/${created.body.id}`).set(t.headers.app)
      expectContract(done, 'getExport')
      expect(done.body.status).toBe('DONE')
      const url = new URL(done.body.result.url)
      const file = await t.request.get(url.pathname + url.search)
      expectContract(file, 'getExport')
      return parseCsv(file.text)
    }

    const gift = (await csvOf('camp_demo0002')).filter((row) => row[3] === 'order-export-1')
    expect(gift).toEqual([['CREDITS_REDEMPTION', '-2500', '7500', 'order-export-1']])
    const loyalty = (await csvOf('camp_demo0003')).filter((row) => row[3] === 'order-export-1')
    expect(loyalty).toEqual([['POINTS_REDEMPTION', '-500', '700', 'order-export-1']])
  })
})
