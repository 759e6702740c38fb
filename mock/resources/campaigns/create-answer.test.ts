import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { createTestApp, expectContract } from '../../testing/index.js'

/** A clock that moves a second on every read, as the system clock does between two reads on a loaded machine. */
class BusyClock extends ManualClock {
  override now(): number {
    const now = super.now()
    this.advance(1_000)
    return now
  }
}

const coupons = (name: string, vouchersCount: number) => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: vouchersCount,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'BUSY-######' } },
})

describe('POST /v1/campaigns answer', () => {
  it('shows a voucher campaign IN_PROGRESS with vouchers_count 0 however far the clock moves while answering', async () => {
    const { request, headers } = await createTestApp({ clock: new BusyClock() })
    for (const count of [1, 2, 50]) {
      const res = await request.post('/v1/campaigns').set(headers.app).send(coupons(`busy-${count}`, count))
      expect(res.status).toBe(200)
      expectContract(res, 'createCampaign')
      expect(res.body).toMatchObject({ creation_status: 'IN_PROGRESS', vouchers_generation_status: 'IN_PROGRESS', vouchers_count: 0 })
    }
  })

  it('shows a promotion campaign DONE, and the voucher campaign DONE with its codes once the clock has passed', async () => {
    const { request, headers, clock } = await createTestApp()
    const promotion = await request.post('/v1/campaigns').set(headers.app).send({ name: 'promo-now', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } })
    expect(promotion.body).toMatchObject({ creation_status: 'DONE', vouchers_generation_status: 'DONE' })
    const created = await request.post('/v1/campaigns').set(headers.app).send(coupons('later', 5))
    clock.advance(60_000)
    const read = await request.get(`/v1/campaigns/${created.body.id}`).set(headers.app)
    expect(read.status).toBe(200)
    expectContract(read, 'getCampaign')
    expect(read.body).toMatchObject({ creation_status: 'DONE', vouchers_count: 5 })
  })
})
