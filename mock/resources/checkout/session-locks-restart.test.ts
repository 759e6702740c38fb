import { describe, expect, it } from 'vitest'
import { applyState, captureState, type StateDocument } from '../../engine/persistence/state-snapshot.js'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Session locks across a `--state-file` restart, in process: the state goes through JSON (as through the
// file) into a fresh mock, whose manual clock resumes at the saved time.
// Fixtures (fixtures/default): WELCOME-0001 10% off, quantity 1; GIFT-0001 balance 10000.
const v = (id: string, extra: object = {}) => ({ object: 'voucher', id, ...extra })
const MINUTE = 60_000
const alice = { source_id: 'alice@example.com' }
const bob = { source_id: 'bob@example.com' }

async function post(app: TestApp, path: '/v1/validations' | '/v1/redemptions', body: object) {
  const res = await app.request.post(path).set(app.headers.app).send({ order: { amount: 10000 }, ...body })
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  return res
}
const errorKeys = (res: { body: { inapplicable_redeemables?: { result: { error: { key: string } } }[] } }) =>
  (res.body.inapplicable_redeemables ?? []).map((r) => r.result.error.key)

async function restarted(before: TestApp): Promise<TestApp> {
  const doc = JSON.parse(JSON.stringify(captureState(before.deps))) as StateDocument
  const after = await createTestApp()
  applyState(after.deps, doc)
  expect(after.clock.now()).toBe(before.clock.now())
  return after
}

describe('session locks survive a restart from the state file', () => {
  it('another customer still cannot take what was locked; the session redeems it with its key', async () => {
    const before = await createTestApp()
    await before.request.put('/_mock/stacking-rules').send({ applicable_redeemables_per_category_limit: 2 }).expect(200)
    const items = [v('WELCOME-0001'), v('GIFT-0001', { gift: { credits: 6000 } })]
    const locked = await post(before, '/v1/validations', { redeemables: items, customer: alice, session: { type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' } })
    expect(locked.body.valid).toBe(true)
    const session = { key: locked.body.session.key as string, type: 'LOCK' }

    const app = await restarted(before)
    // bob sees only what alice's session left: no use of the coupon, 4000 of the gift card
    expect(errorKeys(await post(app, '/v1/validations', { redeemables: [v('WELCOME-0001')], customer: bob }))).toEqual(['quantity_exceeded'])
    const tooMuch = await post(app, '/v1/redemptions', { redeemables: [v('GIFT-0001', { gift: { credits: 4001 } })], customer: bob })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.key).toBe('gift_amount_exceeded')
    const stolen = await post(app, '/v1/redemptions', { redeemables: [v('WELCOME-0001')], customer: bob })
    expect(stolen.status).toBe(400)
    expect(stolen.body.key).toBe('quantity_exceeded')
    const rest = await post(app, '/v1/redemptions', { redeemables: [v('GIFT-0001')], customer: bob })
    expect(rest.status).toBe(200)
    expect(rest.body.redemptions[0].gift.amount).toBe(4000)

    // alice's redemption with the key takes exactly what her session reserved, and ends the session
    const redeemed = await post(app, '/v1/redemptions', { redeemables: items, customer: alice, session })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body.order.total_amount).toBe(10000 - 1000 - 6000)
    const gift = await app.request.get('/v1/vouchers/GIFT-0001').set(app.headers.app)
    expectContract(gift, 'getVoucher')
    expect(gift.body.gift.balance).toBe(0)
    const coupon = await app.request.get('/v1/vouchers/WELCOME-0001').set(app.headers.app)
    expectContract(coupon, 'getVoucher')
    expect(coupon.body.redemption.redeemed_quantity).toBe(1)
    // the lock is consumed: a second restart brings back no reservation
    expect((await restarted(app)).deps.projects.get('proj_demo0001')?.sessions.snapshot()).toEqual({ sessions: [] })
  })

  it('a restored lock ends at the same virtual time as it would have without the restart', async () => {
    const before = await createTestApp()
    await post(before, '/v1/validations', { redeemables: [v('WELCOME-0001')], customer: alice, session: { key: 'ssn_alice', type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' } })
    before.clock.advance(5 * MINUTE)

    const app = await restarted(before)
    app.clock.advance(10 * MINUTE - 1)
    expect(errorKeys(await post(app, '/v1/validations', { redeemables: [v('WELCOME-0001')], customer: bob }))).toEqual(['quantity_exceeded'])
    app.clock.advance(1)
    const free = await post(app, '/v1/redemptions', { redeemables: [v('WELCOME-0001')], customer: bob })
    expect(free.status).toBe(200)
    expect(free.body.redemptions[0].result).toBe('SUCCESS')
  })

  it('a lock past its TTL at save time is not saved and reserves nothing after the restart', async () => {
    const before = await createTestApp()
    await post(before, '/v1/validations', { redeemables: [v('GIFT-0001', { gift: { credits: 9000 } })], customer: alice, session: { key: 'ssn_old', type: 'LOCK', ttl: 1, ttl_unit: 'MINUTES' } })
    before.clock.advance(MINUTE)
    const doc = captureState(before.deps)
    expect(doc.projects.proj_demo0001.sessions).toEqual({ sessions: [] })

    const app = await restarted(before)
    const all = await post(app, '/v1/validations', { redeemables: [v('GIFT-0001')], customer: bob })
    expect(all.body.redeemables[0].result.gift).toEqual({ balance: 10000, credits: 10000 })
  })
})
