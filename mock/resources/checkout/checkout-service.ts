import { ApiError, type ErrorBody } from '../../engine/errors.js'
import { effectiveRules, type StackingRules } from '../stacks/stacking-rules.js'
import { evaluateCheckout } from './checkout-engine.js'
import type { CheckoutBody, CheckoutOutcome, RedemptionAnswer, ValidationAnswer } from './checkout-model.js'
import { resolveRedeemables } from './checkout-resolver.js'
import type { CheckoutContext, CheckoutProject } from './checkout-context.js'
import { recordFailedRedemption } from './redemption-failure.js'
import { ruleChecker, type RuleCallFacts } from '../validation-rules/rule-check.js'
import { applicableLines } from '../validation-rules/rule-lines.js'
import { applyRedemption } from './redemption-writer.js'
import { holdsOf, withoutOthersLocks } from './checkout-sessions.js'
import { sessionView } from './session-locks.js'
import { itemLists, orderView } from './result-views.js'

export type { CheckoutBody } from './checkout-model.js'
export type { CheckoutContext, CheckoutProject } from './checkout-context.js'

/** A redemption's answer: what it redeemed, or the first reason's error (400, or 404 for an unknown redeemable). */
export type RedeemResult = { status: 200; body: RedemptionAnswer } | { status: 400 | 404; body: ErrorBody }

/** The API description's per-call limit; the real service accepts 30 (`--max-redeemables 30`). */
export const DEFAULT_MAX_REDEEMABLES = 5

/**
 * Request rules the spec also states; checked again here so a request that skipped validation
 * (fault injection) still gets the documented 400s.
 */
export function checkRequest(body: CheckoutBody, max = DEFAULT_MAX_REDEEMABLES): void {
  const items = Array.isArray(body?.redeemables) ? body.redeemables : []
  if (items.length < 1 || items.length > max) {
    throw new ApiError('INVALID_REDEEMABLES', `redeemables: 1 to ${max} items allowed, got ${items.length}`)
  }
  const stacks = items.filter((i) => i?.object === 'promotion_stack').length
  if (stacks > 1) throw new ApiError('INVALID_REDEEMABLES', 'Only one promotion stack can be used per request')
  // The seed says one stack per call; the real service also refuses anything next to it (notes §4).
  if (stacks === 1 && items.length > 1) {
    throw new ApiError('INVALID_REDEEMABLES', 'Promotion Stack cannot be use with other redeemables')
  }
  const seen = new Set<string>()
  for (const item of items) {
    const key = `${item.object}:${item.id}`
    if (seen.has(key)) throw new ApiError('DUPLICATED_REDEEMABLES', `redeemables: ${item.object} ${item.id} appears more than once`)
    seen.add(key)
  }
}

/** The project's stacking rules with the per-call maximum: what the call applies and reports. */
const rulesOf = (project: CheckoutProject, ctx: CheckoutContext) => effectiveRules(project.stacks.stackingRules(), ctx.maxRedeemables ?? DEFAULT_MAX_REDEEMABLES)

/** The call's outcome and the stacking rules it applied (read once: the store hands out copies). */
function evaluate(body: CheckoutBody, project: CheckoutProject, ctx: CheckoutContext): { outcome: CheckoutOutcome; rules: StackingRules } {
  const rules = rulesOf(project, ctx)
  checkRequest(body, rules.redeemables_limit)
  const items = resolveRedeemables(body.redeemables, project)
  withoutOthersLocks(items, project.sessions, ctx.now, body.session?.key)
  // a referral code's owner may be known from the holders only
  for (const item of items) {
    if (item.object === 'voucher' && item.voucher?.is_referral_code && item.voucher.holder_id === undefined) {
      const referrer = project.referrals.referrerOf(item.voucher.id)
      if (referrer) item.voucher.holder_id = referrer
    }
  }
  const buyer = { customerId: project.customers.peek(body.customer)?.id ?? body.customer?.id }
  const sources = project.rules
  const checkRules = sources && ruleChecker(sources, callFacts(body, project))
  const linesFor = sources && ((item: (typeof items)[number]) => applicableLines(sources, item))
  return { outcome: evaluateCheckout({ items, order: body.order, settings: rules, now: ctx.now, buyer, checkRules, linesFor }), rules }
}

/**
 * POST /v1/validations: computes everything and changes nothing (not even the customer list), except a
 * session LOCK: a valid validation reserves what it applied for the session (session-locks.ts).
 */
export function validateCheckout(body: CheckoutBody, project: CheckoutProject, ctx: CheckoutContext): ValidationAnswer {
  const { outcome, rules } = evaluate(body, project, ctx)
  const session = body.session && sessionView(body.session, () => ctx.ids.next('ssn'))
  if (session && outcome.valid) project.sessions?.lock(session, ctx.now, holdsOf(outcome))
  const customer = project.customers.peek(body.customer)
  const order = orderView(body.order, outcome, { customerId: customer?.id ?? null })
  return {
    id: ctx.ids.next('valid'),
    valid: outcome.valid,
    ...itemLists(outcome, order, ctx.requestId),
    ...(outcome.valid ? { order } : {}),
    tracking_id: trackingId(body, customer?.id),
    ...(session ? { session } : {}),
    stacking_rules: rules,
  }
}

/**
 * POST /v1/redemptions, all or nothing (PARTIAL mode: what applies). Everything from reading the facts to
 * the last write runs in one synchronous call, so concurrent requests cannot interleave: the second
 * redemption of a code's last use sees the first one's write and is refused. A refused redemption is
 * recorded as FAILED and answers the first reason's error (400, or 404 for an unknown redeemable).
 */
export function redeemCheckout(body: CheckoutBody, project: CheckoutProject, ctx: CheckoutContext): RedeemResult {
  const { outcome } = evaluate(body, project, ctx)
  if (!outcome.valid) {
    const known = project.customers.peek(body.customer)
    const failure = recordFailedRedemption({ body, outcome, project, ctx, trackingId: trackingId(body, known?.id) })
    return { status: failure.status, body: { ...failure.body } }
  }
  const customer = body.customer ? project.customers.upsert(body.customer) : undefined
  const answer = applyRedemption({ body, outcome, project, ctx, customer, trackingId: trackingId(body, customer?.id) })
  // the redemption took what the session reserved: the lock has done its job
  if (body.session?.key !== undefined) project.sessions?.release(body.session.key)
  return { status: 200, body: answer }
}

/** The customer as the rules see it: the stored one's metadata, overridden by what this call sends. */
function callFacts(body: CheckoutBody, project: CheckoutProject): RuleCallFacts {
  const known = project.customers.peek(body.customer)
  return { order: body.order, customerId: known?.id, customerMetadata: { ...known?.metadata, ...body.customer?.metadata } }
}

function trackingId(body: CheckoutBody, customerId: string | undefined): string {
  return body.tracking_id ?? `track_${body.customer?.source_id ?? customerId ?? 'anonymous'}`
}
