import { getPointer } from '../../../src/json-pointer.js'
import type { Defect } from './defects.js'
import { combine, eachItem, onRequest, onResponse, setAt } from './rewrites.js'
import type { Behaviour } from './wrap-mock.js'

/** getVoucher keeps answering the first balance it showed for a code: redemptions never lower it. */
const staleBalance = (pointer: string): Behaviour =>
  onResponse('getVoucher', (res, req, ctx) => {
    const value = getPointer(res.body, pointer)
    if (typeof value !== 'number') return
    const key = `${pointer}:${req.params.code}`
    if (ctx.state.has(key)) setAt(res.body, pointer, ctx.state.get(key))
    else ctx.state.set(key, value)
  }, 200)

const refusedFor = (item: any, key: string): boolean => item?.result?.error?.key === key || item?.result?.details?.key === key

/** A validation that lets a code refused for `key` apply anyway (and calls the whole validation valid). */
const appliesAnyway = (key: string): Behaviour =>
  onResponse('validateStackedDiscounts', (res) => {
    const refused: any[] = (res.body.inapplicable_redeemables ?? []).filter((item: any) => refusedFor(item, key))
    if (refused.length === 0) return
    const ids = new Set(refused.map((item) => item.id))
    res.body.inapplicable_redeemables = res.body.inapplicable_redeemables.filter((item: any) => !ids.has(item.id))
    const others = (res.body.redeemables ?? []).filter((item: any) => !ids.has(item.id))
    res.body.redeemables = [...others, ...refused.map((item) => ({ ...item, status: 'APPLICABLE', result: {} }))]
    res.body.valid = true
  }, 200)

/**
 * Bearer tokens the wrapper saw issued stay good for ever: a 401 for one of them is answered as if the token
 * were fresh (a new one is issued behind the scenes and the request sent again). Wrong tokens are still refused.
 */
const tokensNeverEnd: Behaviour = combine(
  onResponse('createOAuthToken', (res, _req, ctx) => void ctx.state.set(`issued:${res.body.access_token}`, res.body.scope), 200),
  onResponse('*', async (res, req, ctx) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !ctx.state.has(`issued:${bearer}`)) return undefined
    const keys = { 'x-app-id': ctx.state.get('app-id'), 'x-app-token': ctx.state.get('app-token'), 'content-type': 'application/x-www-form-urlencoded' }
    const scope = new URLSearchParams({ grant_type: 'client_credentials', scope: ctx.state.get(`issued:${bearer}`) })
    const fresh = await ctx.forward('POST', '/v1/oauth/token', scope.toString(), keys)
    if (fresh.status !== 200) return undefined
    return ctx.forward(req.method, req.url.pathname + req.url.search, req.body, { ...req.headers, authorization: `Bearer ${fresh.body.access_token}` })
  }, 401),
  {
    request(req, ctx) {
      if (req.headers['x-app-token'] && req.headers['x-app-id']) ctx.state.set('app-id', req.headers['x-app-id']).set('app-token', req.headers['x-app-token'])
    },
  },
)

/** Issue 12 section 2: state that must change (balances, validity, tokens) and holders of the right code. */
export const STATE_DEFECTS: Defect[] = [
  { kind: 'gift balance not lowered by a redemption', by: 'checkout.gift-balance-deducted', shows: { location: 'behaviour', pointer: '/gift/balance' }, behaviour: staleBalance('/gift/balance') },
  { kind: 'loyalty points not deducted by a redemption', by: 'checkout.loyalty-points-deducted', shows: { location: 'behaviour', pointer: '/loyalty_card/balance' }, behaviour: staleBalance('/loyalty_card/balance') },
  { kind: 'expired voucher validated as applicable', by: 'checkout.expired-voucher-code', shows: { location: 'behaviour', pointer: '/valid' }, behaviour: appliesAnyway('voucher_expired') },
  { kind: 'code of a campaign not active yet validated as applicable', by: 'checkout.inactive-campaign-code', shows: { location: 'behaviour', pointer: '/valid' }, behaviour: appliesAnyway('voucher_not_active') },
  { kind: 'expired OAuth token still accepted', by: 'oauth.expired-token-refused', shows: { location: 'status', actual: 200 }, behaviour: tokensNeverEnd },
  { kind: 'token revocation answered 204 but ignored', by: 'oauth.revoked-token-refused', shows: { location: 'status', actual: 200 }, behaviour: onRequest('revokeOAuthToken', () => ({ status: 204, headers: {}, text: '' })) },
  {
    kind: 'holders of another code listed for a referral code',
    by: 'referrals.member-holders',
    shows: { location: 'behaviour', pointer: '/data/0/redeemable_id' },
    behaviour: eachItem(['listReferralCodeHolders', 'listMemberHolders'], 'data', (h) => (h.redeemable_id = 'v_pkAnotherCode000000')),
  },
]
