import type { IdSource } from '../../../src/ids.js'
import type { CustomerStore } from '../customers/customer-store.js'
import type { RedemptionStore } from '../redemptions/redemption-store.js'
import type { NewHolder } from '../referrals/referral-store.js'
import type { NewTransaction } from '../transactions/transaction-store.js'
import type { RuleSources } from '../validation-rules/rule-check.js'
import type { VoucherView } from '../vouchers/voucher-types.js'
import type { CheckoutSources } from './checkout-resolver.js'
import type { SessionLocks } from './session-locks.js'

// What a checkout call works on, shared by the service and the redemption writers below it.

/** Everything a checkout call reads and (for redemptions) writes in one project. */
export interface CheckoutProject extends CheckoutSources {
  vouchers: CheckoutSources['vouchers'] & {
    redeem(codeOrId: string): VoucherView
    adjustGiftBalance(codeOrId: string, delta: number): VoucherView
    adjustLoyaltyPoints(codeOrId: string, delta: number): VoucherView
  }
  tiers: CheckoutSources['tiers'] & { recordTierRedemption?(tierId: string, orderAmount: number, discount: number): void }
  referrals: { addHolder(input: NewHolder): unknown; referrerOf(redeemableId: string): string | undefined }
  transactions: { record(input: NewTransaction): unknown }
  redemptions: RedemptionStore
  customers: CustomerStore
  /** Validation rules and what they read (absent in partial builds: no rules). */
  rules?: RuleSources
  /** Session locks (absent in partial builds: nothing is ever locked). */
  sessions?: SessionLocks
}

export interface CheckoutContext {
  now: number
  ids: IdSource
  requestId: string
  /** The app id (or OAuth client) that called, reported as the redemption channel. */
  channelId: string
  /** Redeemables one call may carry (`--max-redeemables`: the API description's 5, the real service's 30). */
  maxRedeemables?: number
}
