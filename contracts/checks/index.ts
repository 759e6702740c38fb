import type { Check } from '../check.js'
import type { SuiteOperation } from '../suite-validator.js'
import { authChecks } from './auth.js'
import { authScopeChecks } from './auth-scopes.js'
import { campaignErrorChecks } from './campaign-errors.js'
import { campaignChecks } from './campaigns.js'
import { checkoutArithmeticChecks } from './checkout-arithmetic.js'
import { checkoutBalanceChecks } from './checkout-balances.js'
import { checkoutCategoryLimitChecks } from './checkout-category-limits.js'
import { checkoutFlowChecks } from './checkout-flows.js'
import { checkoutRollbackChecks } from './checkout-rollback.js'
import { checkoutRuleChecks } from './checkout-rules.js'
import { checkoutSessionChecks } from './checkout-sessions.js'
import { checkoutValidityChecks } from './checkout-validity.js'
import { checkoutChecks } from './checkout.js'
import { exportChecks } from './exports.js'
import { listingChecks } from './listing.js'
import { listInvariantChecks } from './list-invariants.js'
import { oauthChecks } from './oauth.js'
import { exportReadChecks, readChecks } from './reads.js'
import { referralChecks } from './referrals.js'
import { resourceChecks } from './resources.js'

/** Every check, in run order: read-only listing first (stable data), then writes, then auth per operation. */
export function allChecks(operations: readonly SuiteOperation[]): Check[] {
  return [
    ...listingChecks,
    ...listInvariantChecks(operations),
    ...readChecks,
    ...campaignChecks,
    ...campaignErrorChecks,
    ...resourceChecks,
    ...referralChecks,
    ...exportChecks,
    ...exportReadChecks,
    ...oauthChecks,
    ...checkoutChecks,
    ...checkoutFlowChecks,
    ...checkoutBalanceChecks,
    ...checkoutRollbackChecks,
    ...checkoutValidityChecks,
    ...checkoutArithmeticChecks,
    ...checkoutCategoryLimitChecks,
    ...checkoutRuleChecks,
    ...checkoutSessionChecks,
    ...authChecks(operations),
    ...authScopeChecks(operations),
  ]
}
