import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Fixtures (fixtures/default): WELCOME-0001 10% off, quantity 1; GIFT-0001 balance 10000;
// LOYAL-0001 1200 points, rew_demo0002 a COIN reward of its campaign (1 point = 1 cent).
const v = (id: string, extra: object = {}) => ({ object: 'voucher', id, ...extra })
const MINUTE = 60_000

async function post(app: TestApp, path: '/v1/validations' | '/v1/redemptions', body: object) {
  const res = await app.request.post(path).set(app.headers.app).send(body)
  expectContract(res, path === '/v1/validations' ? 'validateStackedDiscounts' : 'redeemStackedDiscounts')
  return res
}
const validate = (app: TestApp, body: object) => post(app, '/v1/validations', { order: { amount: 10000 }, ...body })
const errorKeys = (res: { body: { inapplicable_redeemables?: { result: { error: { key: string } } }[] } }) =>
  (res.body.inapplicable_redeemables ?? []).map((r) => r.result.error.key)

describe('session locks (session: {type: "LOCK"})', () => {
  it('answers a new ssn_ key with the 7-day default when only the type is sent', async () => {
    const app = await createTestApp()
    const res = await validate(app, { redeemables: [v('WELCOME-0001')], session: { type: 'LOCK' } })
    expect(res.body.valid).toBe(true)
    expect(res.body.session).toEqual({ key: expect.stringMatching(/^ssn_/), type: 'LOCK', ttl: 7, ttl_unit: 'DAYS' })
  })

  it('keeps the last use of a code for the session until its TTL ends on the clock', async () => {
    const app = await createTestApp()
    const locked = await validate(app, { redeemables: [v('WELCOME-0001')], session: { type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' } })
    const key = locked.body.session.key
    // another checkout, and a call without any session, cannot take the reserved use
    expect(errorKeys(await validate(app, { redeemables: [v('WELCOME-0001')], session: { key: 'ssn_other', type: 'LOCK' } }))).toEqual(['quantity_exceeded'])
    const bare = await validate(app, { redeemables: [v('WELCOME-0001')] })
    expect(bare.body.valid).toBe(false)
    expect(bare.body.inapplicable_redeemables[0].result.error.details).toMatch(/reserved by another session/)
    // the session itself still can; validating again restarts its TTL
    app.clock.advance(10 * MINUTE)
    expect((await validate(app, { redeemables: [v('WELCOME-0001')], session: { key, type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' } })).body.valid).toBe(true)
    app.clock.advance(15 * MINUTE - 1)
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(false)
    app.clock.advance(1)
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(true)
  })

  it.each([
    [2, 'HOURS', 2 * 60 * MINUTE],
    [90, 'SECONDS', 90_000],
    [1500, 'MILLISECONDS', 1500],
  ])('frees the reservation when a TTL of %s %s has passed', async (ttl, unit, ms) => {
    const app = await createTestApp()
    await validate(app, { redeemables: [v('WELCOME-0001')], session: { key: 'ssn_a', type: 'LOCK', ttl, ttl_unit: unit } })
    app.clock.advance(ms - 1)
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(false)
    app.clock.advance(1)
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(true)
  })

  it('reserves gift credits: others may spend only the rest of the balance', async () => {
    const app = await createTestApp()
    await validate(app, { redeemables: [v('GIFT-0001', { gift: { credits: 6000 } })], session: { key: 'ssn_gift', type: 'LOCK' } })
    const tooMuch = await validate(app, { redeemables: [v('GIFT-0001', { gift: { credits: 4001 } })] })
    expect(errorKeys(tooMuch)).toEqual(['gift_amount_exceeded'])
    const rest = await validate(app, { redeemables: [v('GIFT-0001')] })
    expect(rest.body.redeemables[0].result.gift).toEqual({ balance: 4000, credits: 4000 })
    expect(rest.body.order.total_amount).toBe(6000)
  })

  it('reserves loyalty points spent through a pay-with-points reward', async () => {
    const app = await createTestApp()
    const card = (points: number) => v('LOYAL-0001', { reward: { id: 'rew_demo0002', points } })
    await validate(app, { redeemables: [card(1000)], session: { key: 'ssn_pts', type: 'LOCK' } })
    expect(errorKeys(await validate(app, { redeemables: [card(201)] }))).toEqual(['loyalty_card_points_exceeded'])
    expect((await validate(app, { redeemables: [card(200)] })).body.valid).toBe(true)
  })

  it('lets the redemption with the key take what was locked, and ends the session', async () => {
    const app = await createTestApp()
    const session = { key: 'ssn_checkout', type: 'LOCK' }
    const items = [v('WELCOME-0001'), v('GIFT-0001', { gift: { credits: 3000 } })]
    await app.request.put('/_mock/stacking-rules').send({ applicable_redeemables_per_category_limit: 2 }).expect(200)
    expect((await validate(app, { redeemables: items, session })).body.valid).toBe(true)

    // someone else's redemption is refused and recorded as failed; the lock holds
    const stolen = await post(app, '/v1/redemptions', { redeemables: [v('WELCOME-0001')], order: { amount: 10000 } })
    expect(stolen.status).toBe(400)
    expect(stolen.body.key).toBe('quantity_exceeded')

    const redeemed = await post(app, '/v1/redemptions', { redeemables: items, order: { amount: 10000 }, session })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body.order.total_amount).toBe(10000 - 1000 - 3000)
    // the session is over: the key no longer reserves anything (the code is used up for real now)
    const gift = await validate(app, { redeemables: [v('GIFT-0001')] })
    expect(gift.body.redeemables[0].result.gift.balance).toBe(7000)
    expect(errorKeys(await validate(app, { redeemables: [v('WELCOME-0001')], session }))).toEqual(['quantity_exceeded'])
  })

  it('re-validating with the same key replaces the reservation', async () => {
    const app = await createTestApp()
    const session = { key: 'ssn_cart', type: 'LOCK' }
    await validate(app, { redeemables: [v('GIFT-0001', { gift: { credits: 9000 } })], session })
    await validate(app, { redeemables: [v('GIFT-0001', { gift: { credits: 1000 } })], session })
    expect((await validate(app, { redeemables: [v('GIFT-0001', { gift: { credits: 9000 } })] })).body.valid).toBe(true)
  })

  it('an invalid validation reserves nothing', async () => {
    const app = await createTestApp()
    const res = await validate(app, { redeemables: [v('WELCOME-0001'), v('NO-SUCH-CODE')], session: { key: 'ssn_bad', type: 'LOCK' } })
    expect(res.body.valid).toBe(false)
    expect(res.body.session.key).toBe('ssn_bad')
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(true)
  })

  it.each([
    ['a zero ttl', { type: 'LOCK', ttl: 0 }],
    ['an unknown unit', { type: 'LOCK', ttl: 1, ttl_unit: 'WEEKS' }],
    ['another type', { type: 'HOLD' }],
  ])('refuses %s with 400 invalid_payload and locks nothing', async (_case, session) => {
    const app = await createTestApp()
    const res = await app.request.post('/v1/validations').set(app.headers.app).send({ redeemables: [v('WELCOME-0001')], session })
    expectContract(res, 'validateStackedDiscounts')
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect((await validate(app, { redeemables: [v('WELCOME-0001')] })).body.valid).toBe(true)
  })
})
