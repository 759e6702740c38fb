import type { FaultInput } from '../../../mock/control/faults.js'
import { set } from './defect-faults.js'
import type { Defect } from './defects.js'
import { onResponse } from './rewrites.js'

const onValidation = (pointer: string, value: unknown): FaultInput => set('validateStackedDiscounts', pointer, value)
const behaviour = (pointer: string) => ({ location: 'behaviour' as const, pointer })

/** A LOCK that never ends: once a code was locked, every validation of it without a session is answered invalid. */
const lockNeverEnds = onResponse('validateStackedDiscounts', (res, req, ctx) => {
  const ids: string[] = (req.body?.redeemables ?? []).map((r: any) => r?.id)
  if (req.body?.session) return void ids.forEach((id) => ctx.state.set(`locked:${id}`, true))
  if (ids.some((id) => ctx.state.has(`locked:${id}`))) res.body.valid = false
}, 200)

/**
 * Checkout arithmetic, validation rules and session locks (issue 25 §1): one wrong value each, as a deployment
 * that misreads a formula would answer it on the suite's 2-line cart (2 × 4000 + 1 × 1500).
 */
export const CHECKOUT_DEFECTS: Defect[] = [
  { kind: 'amount_limit ignored on an order discount', by: 'checkout.arithmetic-percent-amount-limit', shows: behaviour('/order/discount_amount'), faults: [onValidation('/order/discount_amount', 2850)] },
  { kind: 'a redemption ignoring amount_limit per item', by: 'checkout.arithmetic-redeemed', shows: behaviour('/order/items_discount_amount'), faults: [{ operationId: 'redeemStackedDiscounts', action: 'set', pointer: '/order/items_discount_amount', value: 1900, whenStatus: 200 }] },
  { kind: 'FIXED order discount taken as the amount off', by: 'checkout.arithmetic-fixed-order', shows: behaviour('/order/total_amount'), faults: [onValidation('/order/total_amount', 2500)] },
  { kind: 'FIXED item discount taken as the amount off an item', by: 'checkout.arithmetic-fixed-items', shows: behaviour('/order/items/1/discount_amount'), faults: [onValidation('/order/items/1/discount_amount', 1000)] },
  { kind: 'amount_limit ignored per item', by: 'checkout.arithmetic-percent-items-limit', shows: behaviour('/order/items_discount_amount'), faults: [onValidation('/order/items_discount_amount', 1900)] },
  { kind: 'APPLY_TO_ITEMS taken off each unit', by: 'checkout.arithmetic-amount-items', shows: behaviour('/order/items/0/discount_amount'), faults: [onValidation('/order/items/0/discount_amount', 1000)] },
  { kind: 'APPLY_TO_ITEMS_BY_QUANTITY taken once per item', by: 'checkout.arithmetic-amount-items-by-quantity', shows: behaviour('/order/items/0/discount_amount'), faults: [onValidation('/order/items/0/discount_amount', 500)] },
  { kind: 'a proportional amount split evenly', by: 'checkout.arithmetic-amount-items-proportionally', shows: behaviour('/order/items/1/discount_amount'), faults: [onValidation('/order/items/1/discount_amount', 950)] },
  { kind: 'UNIT discount freeing every unit of the item', by: 'checkout.arithmetic-unit-in-cart', shows: behaviour('/order/items/0/discount_amount'), faults: [onValidation('/order/items/0/discount_amount', 8000)] },
  { kind: 'free unit not added to the cart', by: 'checkout.arithmetic-unit-added', shows: behaviour('/order/items'), faults: [{ operationId: 'validateStackedDiscounts', action: 'drop', pointer: '/order/items/2', whenStatus: 200 }] },
  { kind: 'a SKIPPED tier still discounting', by: 'checkout.per-category-limit', shows: behaviour('/order/discount_amount'), faults: [onValidation('/order/discount_amount', 1000)] },
  { kind: 'assigned validation rule not enforced', by: 'checkout.validation-rule-enforced', shows: behaviour('/valid'), faults: [onValidation('/valid', true)] },
  { kind: 'an excluded product discounted', by: 'checkout.excluded-items', shows: behaviour('/order/items_discount_amount'), faults: [onValidation('/order/items_discount_amount', 1900)] },
  { kind: 'LOCK validation answered without its session', by: 'checkout.session-lock-reserves-code', shows: behaviour('/session/key'), faults: [{ operationId: 'validateStackedDiscounts', action: 'drop', pointer: '/session', whenStatus: 200 }] },
  { kind: 'a session lock never expiring', by: 'checkout.session-lock-expires', shows: behaviour('/valid'), behaviour: lockNeverEnds },
  { kind: 'locked gift credits spent by the validation', by: 'checkout.session-lock-expires', shows: behaviour('/gift/balance'), faults: [{ operationId: 'getVoucher', action: 'set', pointer: '/gift/balance', value: 1000, whenStatus: 200 }] },
]
