import { beforeAll, describe, expect, it } from 'vitest'
import type { ContractValidator } from '../../../src/validation/validator.js'
import { createTestApp, expectContract, loadControlValidator } from '../../testing/index.js'

// Fixtures (fixtures/default): WELCOME-0001 quantity 1; GIFT-0001 balance 10000.
const MINUTE = 60_000
let control: ContractValidator
beforeAll(async () => {
  control = await loadControlValidator()
})

describe('session locks are visible to a developer debugging a checkout', () => {
  it('GET /_mock/state and the console overview show each live lock with what it holds, until its TTL ends', async () => {
    const app = await createTestApp()
    const locked = await app.request
      .post('/v1/validations')
      .set(app.headers.app)
      .send({
        order: { amount: 10000 },
        redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }, { object: 'voucher', id: 'GIFT-0001', gift: { credits: 6000 } }],
        session: { key: 'ssn_cart_42', type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' },
      })
    expectContract(locked, 'validateStackedDiscounts')
    expect(locked.body.valid).toBe(true)
    const expiresAt = new Date(app.clock.now() + 15 * MINUTE).toISOString()

    const state = await app.request.get('/_mock/state')
    expectContract(state, 'getMockState', control)
    const demo = state.body.projects.find((p: { id: string }) => p.id === 'proj_demo0001')
    expect(demo.counts.sessions).toBe(1)
    expect(demo.sessions).toEqual([
      {
        key: 'ssn_cart_42', type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES', expires_at: expiresAt,
        holds: [
          { voucher_id: expect.stringMatching(/^v_/), uses: 1, credits: 0, points: 0 },
          { voucher_id: expect.stringMatching(/^v_/), uses: 1, credits: 6000, points: 0 },
        ],
      },
    ])

    const overview = await app.request.get('/_mock/ui/overview')
    expectContract(overview, 'getConsoleOverview', control)
    expect(overview.body.projects[0].sessions).toEqual([{ key: 'ssn_cart_42', expires_at: expiresAt, holds: 'WELCOME-0001: 1 use; GIFT-0001: 1 use, 6000 credits' }])

    app.clock.advance(15 * MINUTE)
    const later = await app.request.get('/_mock/state')
    expectContract(later, 'getMockState', control)
    expect(later.body.projects[0]).toMatchObject({ counts: { sessions: 0 }, sessions: [] })
  })
})
