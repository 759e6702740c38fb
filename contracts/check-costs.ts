import type { Check, SharedUse } from './check.js'

/** A check's cost, value and shared resources, with its own declarations first and the defaults below after. */
export interface CheckCost {
  requests: number
  value: number
  /** Undefined: nothing declared, so the check runs alone. */
  shares?: SharedUse
}

const LIST: SharedUse = { reads: ['campaign-list'] }
const CREATES: SharedUse = { changes: ['campaign-list'] }
const CREATES_AND_WAITS: SharedUse = { changes: ['campaign-list', 'clock'] }
const NOTHING: SharedUse = {}
const READS_ANYTHING: SharedUse = { reads: ['*'] }

/**
 * The catalogue's figures, measured on a full run against the mock (requests include the cleanup's
 * DELETE + getCampaign for each campaign a check creates, and the mock's clock moves). A check that declares
 * `requests`, `value` or `shares` itself overrides its entry here.
 */
const CATALOGUE: Record<string, [requests: number, value: number, shares: SharedUse]> = {
  'list.limit-over-100-400': [1, 1, NOTHING],
  'list.paging': [4, 2, LIST],
  'list.past-the-end': [2, 1, LIST],
  'list.newest-first': [1, 1, LIST],
  'list.filter-campaign-type': [2, 1, LIST],
  'list.filter-name': [2, 1, LIST],
  'list.order-created_at': [1, 1, LIST],
  'list.order-created_at-desc': [1, 1, LIST],
  'list.order-updated_at': [1, 1, LIST],
  'list.order-updated_at-desc': [1, 1, LIST],
  'list.order-name': [1, 1, LIST],
  'list.order-name-desc': [1, 1, LIST],
  'campaigns.create-discount-coupons': [6, 3, CREATES_AND_WAITS],
  'campaigns.create-gift-vouchers': [6, 3, CREATES_AND_WAITS],
  'campaigns.create-loyalty-program': [6, 3, CREATES_AND_WAITS],
  'campaigns.create-referral-program': [6, 3, CREATES_AND_WAITS],
  'campaigns.create-promotion': [4, 3, CREATES],
  'campaigns.update': [5, 3, CREATES],
  'vouchers.generated-codes': [9, 3, CREATES_AND_WAITS],
  'campaigns.delete': [4, 3, CREATES_AND_WAITS],
  'campaigns.duplicate-name-409': [4, 2, CREATES],
  'campaigns.invalid-body-400': [1, 1, CREATES],
  'campaigns.referral-without-discount-400': [1, 1, CREATES],
  'campaigns.unknown-category-404': [1, 1, CREATES],
  'campaigns.get-unknown-404': [1, 1, NOTHING],
  'campaigns.delete-unknown-404': [1, 1, NOTHING],
  'categories.create': [1, 3, { changes: ['categories'] }],
  'categories.invalid-hierarchy-400': [1, 1, NOTHING],
  'categories.expand-on-list-campaigns': [5, 2, { changes: ['campaign-list', 'categories'] }],
  'promotions.tiers': [3, 2, { reads: ['campaign-list'] }],
  'promotions.get-unknown-tier-404': [1, 1, NOTHING],
  'categories.list': [1, 2, { reads: ['categories'] }],
  'categories.get': [2, 2, { reads: ['categories'] }],
  'categories.get-unknown-404': [1, 1, NOTHING],
  'rewards.get-assignment': [1, 2, { reads: ['reward-assignment'] }],
  'rewards.list-assignments': [1, 2, { reads: ['reward-assignment'] }],
  'rewards.get-unknown-assignment-404': [1, 1, NOTHING],
  'rewards.update-assignment': [3, 3, { reads: ['reward-assignment'], changes: ['reward-assignment'] }],
  'rewards.unknown-assignment-404': [1, 1, NOTHING],
  'management.metadata-schema': [1, 3, NOTHING],
  'management.metadata-schema-unknown-404': [1, 1, NOTHING],
  'templates.list-v1': [3, 2, { reads: ['templates'] }],
  'templates.list-management': [3, 2, { reads: ['templates'] }],
  'metadata-schemas.list-v1': [1, 2, NOTHING],
  'metadata-schemas.list-management': [1, 2, NOTHING],
  'metadata-schemas.by-resource': [2, 2, NOTHING],
  'management.copy-template': [2, 3, { changes: ['templates'] }],
  'management.copy-unknown-template-404': [1, 1, NOTHING],
  'referrals.holders-cursor-paging': [5, 2, { reads: ['referral-holders'] }],
  'referrals.holders-order': [2, 1, { reads: ['referral-holders'] }],
  'referrals.member-holders': [2, 2, { reads: ['referral-holders'] }],
  'referrals.unknown-member-404': [2, 1, NOTHING],
  'exports.lifecycle': [13, 3, { reads: ['gift-card'], changes: ['campaign-list', 'clock'] }],
  'exports.non-gift-campaign-403': [4, 1, CREATES],
  'exports.unknown-campaign-404': [1, 1, NOTHING],
  'exports.get-unknown-404': [1, 1, NOTHING],
  'exports.list': [2, 2, { reads: ['exports'] }],
  'oauth.token-and-bearer': [2, 3, { reads: ['oauth-tokens'] }],
  'oauth.bearer-from-env': [1, 1, { reads: ['oauth-tokens'] }],
  'oauth.invalid-grant-type-400': [1, 1, NOTHING],
  'oauth.invalid-scope-400': [1, 1, NOTHING],
  'checkout.validate-six-redeemables-400': [1, 1, NOTHING],
  'checkout.validate-two-stacks-400': [1, 1, NOTHING],
  'checkout.redeem-six-redeemables-400': [1, 1, NOTHING],
  'checkout.redeem-two-stacks-400': [1, 1, NOTHING],
  'checkout.validate-unknown-code': [1, 2, NOTHING],
  'checkout.validate-duplicated-code': [1, 1, NOTHING],
  'checkout.get-unknown-redemption-404': [1, 1, NOTHING],
  'checkout.coupon-redeem-once': [13, 3, CREATES_AND_WAITS],
  'checkout.promotion-tier-amount': [5, 3, CREATES],
}

/** Requests sent outside the checks: the start-up probe of both credential sets, discovery (listing on a deployment), the sweep and the look after the deletions. */
export const RUN_OVERHEAD = { preflight: 2, discovery: 7, sweep: 2 }

export function costOf(check: Check): CheckCost {
  const known = CATALOGUE[check.id]
  // The auth checks are generated per operation: no credentials, wrong ones, and the other scheme.
  // Undeclared: a read-only check may read anything (it waits for every writer); a writing one runs alone.
  const fallback: [number, number, SharedUse | undefined] = check.id.startsWith('auth.') ? [3, 1, NOTHING] : check.readOnly ? [1, 1, READS_ANYTHING] : [4, 1, undefined]
  const [requests, value, shares] = known ?? fallback
  return { requests: check.requests ?? requests, value: check.value ?? value, shares: check.shares ?? shares }
}

/** `reads: ['*']` (an undeclared read-only check) conflicts with every check that changes something. */
/** Whether two checks may not run at the same time (see SharedUse). */
export function conflicts(a: CheckCost, b: CheckCost): boolean {
  if (!a.shares || !b.shares) return true
  const touches = (x: SharedUse, y: SharedUse): boolean => (x.reads ?? []).some((r) => (r === '*' ? (y.changes ?? []).length > 0 : (y.changes ?? []).includes(r)))
  return touches(a.shares, b.shares) || touches(b.shares, a.shares)
}
