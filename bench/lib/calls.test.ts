import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../mock/testing/index.js'
import { CALLS, checkoutBody, checkoutCampaignBody, missListCall } from './calls.js'

describe('the cache-miss list call', () => {
  it('takes 600 distinct, valid list queries in turn (pages 1 to 100 in each of the six orders)', () => {
    const { paths } = missListCall()
    expect(new Set(paths).size).toBe(600)
    for (const path of paths!) expect(path).toMatch(/^\/v1\/campaigns\?limit=10&page=([1-9]|[1-9]\d|100)&order=-?(created_at|updated_at|name)$/)
    expect(CALLS.listMiss).toContain('600 distinct queries')
  })
})

describe('the issue-14 checkout call', () => {
  it('validates 5 applicable redeemables over 50 items on the mock, so the bench measures the full computation', async () => {
    const app = await createTestApp()
    const created = await app.request.post('/v1/campaigns').set(app.headers.app).send(checkoutCampaignBody('Bench checkout'))
    expectContract(created, 'createCampaign')
    const tierIds = (created.body as { promotion: { tiers: { id: string }[] } }).promotion.tiers.map((t) => t.id)
    const res = await app.request.post('/v1/validations').set(app.headers.app).send(checkoutBody(tierIds))
    expectContract(res, 'validateStackedDiscounts')
    expect(res.body.valid).toBe(true)
    expect(res.body.redeemables.map((r: { status: string }) => r.status)).toEqual(Array(5).fill('APPLICABLE'))
    expect(res.body.order.items).toHaveLength(50)
    // both item-level tiers touched every item
    expect(res.body.order.items.every((i: { discount_amount: number }) => i.discount_amount > 0)).toBe(true)
    expect(res.body.order.total_amount).toBeGreaterThan(0)
  })
})
