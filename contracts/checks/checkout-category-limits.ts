import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { validate } from './checkout-support.js'
import { createCampaign } from './support.js'

const TIERS = 5
const OFF = 500
const ORDER = { amount: 10_000 }
const KEY = 'applicable_redeemables_per_category_limit_exceeded'

/** The per-category limit a validation answer says it applied to `categoryId` (a category's own limit first). */
function categoryLimit(ex: Exchange, categoryId: string): { limit?: number; overall?: number } {
  const rules = ex.response.body?.stacking_rules ?? {}
  const own = rules.applicable_redeemables_category_limits?.[categoryId]
  return { limit: typeof own === 'number' ? own : rules.applicable_redeemables_per_category_limit, overall: rules.applicable_redeemables_limit }
}

/** Each sent tier's status: its entry in `redeemables`, else in `skipped_redeemables` (both are documented places). */
function statuses(ex: Exchange, ids: readonly string[]): { id: string; status?: string; key?: string }[] {
  const lists = ['redeemables', 'skipped_redeemables'].map((l) => (Array.isArray(ex.response.body?.[l]) ? ex.response.body[l] : []))
  return ids.map((id) => {
    const item = lists.flat().find((r: any) => r?.id === id)
    return { id, status: item?.status, key: item?.result?.details?.key ?? item?.result?.error?.key }
  })
}

async function ownTiers(ctx: CheckContext): Promise<{ categoryId: string; tierIds: string[] }> {
  // The API cannot delete categories: this one stays, named with the run prefix (see Cleanup).
  const category = await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name: ctx.name('category-limit'), hierarchy: 5 } }, { status: 200 })
  const categoryId: string = category.response.body.id
  const tiers = Array.from({ length: TIERS }, (_, n) => ({ name: `Category limit ${n + 1}`, banner: `${OFF} off`, category_id: categoryId, action: { discount: { type: 'AMOUNT', amount_off: OFF, effect: 'APPLY_TO_ORDER' } } }))
  const created = await createCampaign(ctx, 'PROMOTION', 'category-limit', { body: { promotion: { tiers } } })
  ctx.expectThat(created, '/promotion/tiers', (t) => Array.isArray(t) && t.length === TIERS, `${TIERS} tiers`)
  return { categoryId, tierIds: created.response.body.promotion.tiers.map((t: any) => t.id) }
}

/**
 * Stacking rules (real service §5, stacking_rules of every validation answer): past the per-category limit of
 * applicable redeemables, the others of that category are SKIPPED with
 * applicable_redeemables_per_category_limit_exceeded and take nothing off. The limit is the one the target
 * answers in `stacking_rules` (a project may set its own), so the check holds on any deployment.
 */
export const checkoutCategoryLimitChecks: Check[] = [{
  id: 'checkout.per-category-limit',
  title: 'tiers of one category past the per-category limit are SKIPPED (applicable_redeemables_per_category_limit_exceeded) and take nothing off',
  operationIds: ['createCategory', 'createCampaign', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 6,
  value: 2,
  shares: { changes: ['campaign-list', 'categories'] },
  prepare: ownTiers,
  async run(ctx) {
    const { categoryId, tierIds } = await ctx.prepared<Awaited<ReturnType<typeof ownTiers>>>()
    const one = await validate(ctx, { redeemables: [{ object: 'promotion_tier', id: tierIds[0] }], order: ORDER })
    ctx.expectField(one, '/valid', true, 'one tier of the category applies')
    const { limit, overall } = categoryLimit(one, categoryId)
    ctx.expectThat(one, '/stacking_rules/applicable_redeemables_per_category_limit', (v) => Number.isInteger(v) && v >= 1, 'an integer limit from 1')
    if (limit === undefined || limit >= TIERS || (overall !== undefined && overall <= limit)) return ctx.skip(`the target's per-category limit (${limit}) cannot be passed with ${TIERS} redeemables below its overall limit (${overall})`)
    const sent = tierIds.slice(0, limit + 1)
    const ex = await validate(ctx, { redeemables: sent.map((id) => ({ object: 'promotion_tier', id })), order: ORDER })
    ctx.expectField(ex, '/valid', true, 'a SKIPPED redeemable does not make the validation invalid')
    const seen = statuses(ex, sent)
    const skipped = seen.filter((s) => s.status === 'SKIPPED')
    const applied = seen.filter((s) => s.status === 'APPLICABLE')
    if (skipped.length !== 1 || applied.length !== limit || skipped[0].key !== KEY) {
      ctx.fail({ pointer: '/redeemables', message: `with a per-category limit of ${limit}, ${limit} of ${sent.length} tiers of one category apply and 1 is SKIPPED (${KEY})`, expected: { applicable: limit, skipped: 1, key: KEY }, actual: seen }, ex)
    }
    ctx.expectThat(ex, '/order/discount_amount', (v) => (v ?? 0) === limit * OFF, String(limit * OFF), 'only the applied tiers take something off')
    ctx.expectField(ex, '/order/total_amount', ORDER.amount - limit * OFF, 'total_amount = amount - the applied tiers')
  },
}]
