import type { Defect } from './defects.js'
import { rewrite, set, setRequestBody } from './defect-faults.js'

/**
 * Issue 12 section 2: state that must change (balances, validity, tokens) and holders of the right code, each
 * as faults of the mock's engine: a balance that never moves is one read back the same after a redemption, a
 * revocation ignored is one of a token the deployment does not know (RFC 7009 answers it the same).
 */
export const STATE_DEFECTS: Defect[] = [
  { kind: 'gift balance not lowered by a redemption', by: 'checkout.gift-balance-deducted', shows: { location: 'behaviour', pointer: '/gift/balance' }, faults: [set('getVoucher', '/gift/balance', 10_000)] },
  { kind: 'loyalty points not deducted by a redemption', by: 'checkout.loyalty-points-deducted', shows: { location: 'behaviour', pointer: '/loyalty_card/balance' }, faults: [set('getVoucher', '/loyalty_card/balance', 1_000)] },
  { kind: 'expired voucher validated as applicable', by: 'checkout.expired-voucher-code', shows: { location: 'behaviour', pointer: '/valid' }, faults: [set('validateStackedDiscounts', '/valid', true)] },
  { kind: 'code of a campaign not active yet validated as applicable', by: 'checkout.inactive-campaign-code', shows: { location: 'behaviour', pointer: '/valid' }, faults: [set('validateStackedDiscounts', '/valid', true)] },
  { kind: 'expired OAuth token still accepted', by: 'oauth.expired-token-refused', shows: { location: 'status', actual: 200 }, faults: [rewrite(undefined, 401, 200)] },
  { kind: 'token revocation answered but ignored', by: 'oauth.revoked-token-refused', shows: { location: 'status', actual: 200 }, faults: [setRequestBody('revokeOAuthToken', '/access_token', 'pk-not-the-token'), rewrite('revokeOAuthToken', 404, 204)] },
  {
    kind: 'holders of another code listed for a referral code',
    by: 'referrals.member-holders',
    shows: { location: 'behaviour', pointer: '/data/0/redeemable_id' },
    faults: [set('listReferralCodeHolders', '/data/0/redeemable_id', 'v_pkAnotherCode000000'), set('listMemberHolders', '/data/0/redeemable_id', 'v_pkAnotherCode000000')],
  },
]
