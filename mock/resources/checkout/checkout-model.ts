import type { components } from '../../../src/types/openapi.js'
import type { StackingRules } from '../stacks/stacking-rules.js'

/**
 * The checkout engine's inputs and outputs. The engine is pure: an adapter (checkout-resolver.ts) turns
 * the project's stores into these facts, and the service applies the engine's effects to the stores.
 * What comes from and goes to the client is the spec's (aliases below); the facts are the engine's own.
 */

type Schemas = components['schemas']
/** The body of a validation or redemption (the same schema for both, and for /client/v1). */
export type CheckoutBody = Schemas['ValidationsValidateRequestBody']
export type RequestedItem = Schemas['RedeemableItem']
export type OrderInput = Schemas['Order']
export type OrderItemInput = Schemas['OrderItem']
export type OrderView = Schemas['OrderCalculated']
export type OrderItemView = Schemas['OrderItemCalculated']
export type ItemView = Schemas['ValidationRedeemableResult']
/** Why a redeemable was skipped (result.details.key of a SKIPPED item). */
export type SkipKey = NonNullable<NonNullable<Schemas['RedeemableResultSkipped']['result']['details']>['key']>
export type ValidationAnswer = Schemas['ValidationsValidateResponseBody']
export type RedemptionAnswer = Schemas['RedemptionsRedeemResponseBody']

/** A voucher's or tier's discount, as stored and answered (amounts in the smallest currency unit). */
export type DiscountDef = Schemas['Discount']
/** A recurring window: ISO 8601 `duration` every `interval` (either missing: no window). */
export type ValidityTimeframe = Schemas['ValidityTimeframe']

/** What makes something valid on the clock: the same fields on vouchers, campaigns and tiers. */
export interface Validity {
  active: boolean
  start_date?: string | null
  expiration_date?: string | null
  validity_timeframe?: ValidityTimeframe | null
  /** 0 = Sunday … 6 = Saturday (UTC), as the real service numbers them. */
  validity_day_of_week?: number[] | null
}

/** A redeemable's category, as the stacking rules read it and answers list it. */
export type CategoryRef = Pick<Schemas['Category'], 'id' | 'name' | 'hierarchy'>

export interface VoucherFacts extends Validity {
  id: string
  code: string
  campaign_id: string
  campaign_name: string
  type: 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD'
  is_referral_code: boolean
  discount?: DiscountDef | null
  /** Current gift balance (cents). */
  gift_balance?: number
  /** Current loyalty points balance. */
  loyalty_balance?: number
  quantity: number | null
  redeemed_quantity: number
  /** Uses other checkout sessions hold (already counted in redeemed_quantity). */
  locked_quantity?: number
  categories: CategoryRef[]
  metadata: Record<string, unknown>
  /** The customer who owns a referral code (its REFERRER), when known. */
  holder_id?: string
}

export interface RewardFacts {
  id: string
  /** Points the assignment costs in the card's campaign; undefined when not assigned to it. */
  assigned_points?: number
  /** Cents one point pays (pay-with-points rewards); undefined for other rewards. */
  point_value?: number
}

export interface TierFacts extends Validity {
  id: string
  name: string
  banner?: string
  campaign_id: string
  campaign_name: string
  discount?: DiscountDef | null
  categories: CategoryRef[]
  metadata: Record<string, unknown>
}

export interface StackFacts {
  id: string
  name: string
  campaign_id: string
  tiers: (TierFacts | undefined)[]
  tier_ids: string[]
  categories: CategoryRef[]
}

export type RedeemableObject = 'voucher' | 'promotion_tier' | 'promotion_stack'

/** One requested redeemable with what the stores know about it (undefined facts = not found). */
export type ResolvedRedeemable =
  | { object: 'voucher'; id: string; voucher?: VoucherFacts; gift?: { credits: number }; reward?: { id: string; points?: number }; rewardFacts?: RewardFacts }
  | { object: 'promotion_tier'; id: string; tier?: TierFacts }
  | { object: 'promotion_stack'; id: string; stack?: StackFacts }

/** The project's stacking rules, as one call applies them (mock/resources/stacks/stacking-rules.ts). */
export type StackingSettings = StackingRules

export interface Inapplicable {
  /** The error key (result.error.key). */
  key: string
  /** result.details.key when it differs from `key` (not found → resource_not_found). */
  detailsKey?: string
  message: string
  details: string
  /** The status of the redemption refused for it: 404 for what does not exist, else 400. */
  code: 400 | 404
  resourceType?: string
  resourceId?: string
  /** A violated validation rule's own `error.message` (result.error.error.message and result.details.message). */
  ruleMessage?: string
}

/** What one applicable redeemable does to the order and to the stores. */
export interface Applied {
  /** Money taken off the order by this redeemable (discount, gift credits or points value). */
  amount: number
  /** Gift credits taken from the balance. */
  credits?: number
  /** Loyalty points taken from the card. */
  points?: number
  /** Per tier of a promotion stack, in application order. */
  tiers?: { tier: TierFacts; amount: number }[]
  /** The part of `amount` taken off order items (item-level effects). */
  itemsAmount?: number
}

export type ItemOutcome =
  | { status: 'APPLICABLE'; request: ResolvedRedeemable; applied: Applied }
  | { status: 'INAPPLICABLE'; request: ResolvedRedeemable; reason: Inapplicable }
  | { status: 'SKIPPED'; request: ResolvedRedeemable; skipKey: SkipKey; skipMessage: string }

/** The order's amounts after the call, each one the answer's `order` has. */
export type OrderTotals = Required<
  Pick<
    OrderView,
    | 'amount' | 'initial_amount' | 'discount_amount' | 'items_discount_amount' | 'total_discount_amount' | 'total_amount'
    | 'applied_discount_amount' | 'items_applied_discount_amount' | 'total_applied_discount_amount'
  >
>

export interface CheckoutOutcome {
  valid: boolean
  /** `redeemables_application_mode` PARTIAL: the response's `redeemables` lists the applicable ones only. */
  partial?: boolean
  /** In requested order. */
  items: ItemOutcome[]
  totals: OrderTotals
  /** The order items after item-level discounts (absent when nothing was applied). */
  lines?: CartLine[]
}

/** One order item while discounts are applied to it; every amount in the smallest currency unit. */
export interface CartLine {
  /** The item as sent (or built for an item a UNIT discount added). */
  item: OrderItemInput
  /** Price of one unit: `price` when sent, else amount / quantity. */
  price: number
  quantity: number
  initialQuantity: number
  amount: number
  initialAmount: number
  /** Discounts taken off this item in this call. */
  discount: number
  /** Units a UNIT discount made free. */
  discountQuantity: number
  added: boolean
}
