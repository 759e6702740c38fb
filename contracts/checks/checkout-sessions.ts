import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { expectInapplicable, order, ownGiftCard, readVoucher, redeem, validate, voucher } from './checkout-support.js'
import { ownCode } from './checkout-validity.js'
import { hold } from './held-across-waits.js'

/** A customer of the run's own, tagged (a redemption creates it and the API cannot delete it). */
const customer = (ctx: CheckContext, label: string) => ({ source_id: ctx.name(label), metadata: ctx.tag })

/** A valid validation with a LOCK session answers the session's key (Session: "answers a new one (ssn_...)"). */
function sessionKey(ctx: CheckContext, ex: Exchange): string {
  ctx.expectField(ex, '/valid', true, 'the locking validation is valid')
  ctx.expectThat(ex, '/session/key', (k) => typeof k === 'string' && k.length > 0, 'the session key', 'a LOCK validation answers its session key')
  ctx.expectThat(ex, '/session/type', (t) => t === undefined || t === 'LOCK', 'LOCK')
  return ex.response.body.session.key
}

const LOCK_TTL_S = 10
const HOUR_MS = 3_600_000
const CARD = 5000
const LOCKED = 4000
const ASKED = 2000

/**
 * Session locks reserve (issue 25 §1, spec Session): a LOCK validation keeps what it applied for its session until
 * the TTL; other sessions and calls without the key see only what is left, the key's own redemption takes it.
 */
export const checkoutSessionChecks: Check[] = [
  {
    id: 'checkout.session-lock-reserves-code',
    title: 'a LOCK validation reserves a single-use code: another customer gets quantity_exceeded, the session redeems it',
    operationIds: ['createCampaign', 'listVouchers', 'validateStackedDiscounts', 'redeemStackedDiscounts'],
    readOnly: false,
    requests: 10,
    value: 2,
    // Its lock lasts an hour: no check moves the mock's clock that far (the longest move, an OAuth token's life,
    // is 901 s), so other checks' waits cannot end it. Waiting for its code's generation (its preparation) moves the clock.
    shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
    prepare: (ctx) => ownCode(ctx, 'session-coupon'),
    async run(ctx) {
      const code = await ctx.prepared<string>()
      const owner = customer(ctx, 'session-owner')
      // Rate-limit waits of the run (an hour-long window of the real service; on the mock, moves of its clock) may
      // outlive the lock: a free code then proves nothing either way.
      const held = hold(ctx, 'the 1 h lock', HOUR_MS)
      const locked = await validate(ctx, { redeemables: [voucher(code)], order: order(), customer: owner, session: { type: 'LOCK', ttl: 1, ttl_unit: 'HOURS' } })
      const key = sessionKey(ctx, locked)
      const other = await validate(ctx, { redeemables: [voucher(code)], order: order(), customer: customer(ctx, 'session-other') })
      if (other.response.body?.valid === true && held.mayHaveLapsed()) held.cannotTell('whether it reserved the code')
      ctx.expectField(other, '/valid', false, 'the only use of the code is reserved by another session')
      expectInapplicable(ctx, other, code, ['quantity_exceeded'], 'a code whose last use another session locked')
      const again = await validate(ctx, { redeemables: [voucher(code)], order: order(), customer: owner, session: { key, type: 'LOCK' } })
      ctx.expectField(again, '/valid', true, 'the session that holds the lock still validates the code')
      const body = { redeemables: [voucher(code)], order: order({ source_id: ctx.name('order'), metadata: ctx.tag }), customer: owner, session: { key, type: 'LOCK' }, metadata: ctx.tag }
      const redeemed = await redeem(ctx, body, 200)
      ctx.cleanup.keep(`redemption of ${code} (order ${body.order.source_id}, customer ${owner.source_id})`)
      ctx.expectField(redeemed, '/redemptions/0/result', 'SUCCESS', 'the session that locked the code redeems it')
    },
  },
  {
    id: 'checkout.session-lock-expires',
    title: `a LOCK validation of ${LOCKED} gift credits holds them for its TTL (${LOCK_TTL_S} s): another call asking ${ASKED} of ${CARD} is refused, then served once the lock expired`,
    operationIds: ['createCampaign', 'listVouchers', 'validateStackedDiscounts', 'getVoucher'],
    readOnly: false,
    requests: 10,
    value: 2,
    // A lock lives on the target's clock: no other check may move it while this one holds a lock.
    shares: { reads: ['clock'], changes: ['campaign-list', 'clock'] },
    prepare: (ctx) => ownGiftCard(ctx, 'session-gift'),
    async run(ctx) {
      const code = await ctx.prepared<string>()
      const gift = (credits: number) => ({ ...voucher(code), gift: { credits } })
      const held = hold(ctx, `the ${LOCK_TTL_S} s lock`, LOCK_TTL_S * 1000)
      const locked = await validate(ctx, { redeemables: [gift(LOCKED)], order: order(), session: { type: 'LOCK', ttl: LOCK_TTL_S, ttl_unit: 'SECONDS' } })
      sessionKey(ctx, locked)
      const other = await validate(ctx, { redeemables: [gift(ASKED)], order: order() })
      // A rate-limit wait of the run between the two calls may have outlived the lock (on the mock it moves the
      // clock the lock lives on): a free card then proves nothing either way.
      if (other.response.body?.valid === true && held.mayHaveLapsed()) held.cannotTell('whether it reserved the credits')
      ctx.expectField(other, '/valid', false, `${LOCKED} of ${CARD} credits are locked: ${ASKED} more exceed what is left`)
      expectInapplicable(ctx, other, code, ['gift_amount_exceeded'], 'credits another session locked')
      await ctx.wait((LOCK_TTL_S + 1) * 1000)
      const after = await validate(ctx, { redeemables: [gift(ASKED)], order: order() })
      ctx.expectField(after, '/valid', true, 'once the lock expired its credits are free again')
      ctx.expectField(after, '/order/total_amount', (order().amount) - ASKED, `${ASKED} credits pay part of the order`)
      ctx.expectField(await readVoucher(ctx, code), '/gift/balance', CARD, 'validations and locks spend nothing')
    },
  },
]
