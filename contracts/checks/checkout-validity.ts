import type { Check, CheckContext } from '../check.js'
import { expectInapplicable, order, validate, voucher } from './checkout-support.js'
import { createCampaign, waitUntilGenerated } from './support.js'

interface ValidityCase {
  slug: string
  title: string
  /** Campaign dates, far from any target's clock (the mock's runs on its own time). */
  dates: { start_date: string; expiration_date?: string }
  /** Keys the real service documents for this reason. */
  keys: string[]
}

/**
 * Codes that must not apply, created by the run itself within the real schemas: `active` is not a create
 * field of the real service (it has separate enable/disable operations), so "inactive" is a campaign that
 * starts in the future; "expired" one whose dates are both past.
 */
const CASES: ValidityCase[] = [
  {
    slug: 'inactive-campaign-code',
    title: 'a code of a campaign not active yet (start_date in the future) validates INAPPLICABLE (voucher_not_active)',
    dates: { start_date: '2099-01-01T00:00:00.000Z' },
    keys: ['voucher_not_active', 'voucher_not_active_now', 'voucher_disabled', 'campaign_inactive'],
  },
  {
    slug: 'expired-voucher-code',
    title: 'a code of an expired campaign validates INAPPLICABLE (voucher_expired)',
    dates: { start_date: '2000-01-01T00:00:00.000Z', expiration_date: '2000-12-31T23:59:59.000Z' },
    keys: ['voucher_expired'],
  },
]

/** A code of a DISCOUNT_COUPONS campaign of the run's own (10% off, quantity 1), once generated. */
export async function ownCode(ctx: CheckContext, slug: string, dates: ValidityCase['dates'] | Record<string, never> = {}): Promise<string> {
  const created = await createCampaign(ctx, 'DISCOUNT_COUPONS', slug, { vouchersCount: 1, body: dates })
  const id: string = created.response.body.id
  await waitUntilGenerated(ctx, id)
  const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: id, limit: 10 } }, { status: 200 })
  ctx.expectThat(list, '/vouchers/0/code', (c) => typeof c === 'string' && c.length > 0, 'the code of the generated voucher')
  return list.response.body.vouchers[0].code
}

export const checkoutValidityChecks: Check[] = CASES.map(({ slug, title, dates, keys }) => ({
  id: `checkout.${slug}`,
  title,
  operationIds: ['createCampaign', 'listVouchers', 'validateStackedDiscounts'],
  readOnly: false,
  requests: 8,
  value: 2,
  shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
  prepare: (ctx) => ownCode(ctx, slug, dates),
  async run(ctx) {
    const code = await ctx.prepared<string>()
    const ex = await validate(ctx, { redeemables: [voucher(code)], order: order() })
    ctx.expectField(ex, '/valid', false, `a validation with only a code of ${slug.replace(/-/g, ' ')} is not valid`)
    expectInapplicable(ctx, ex, code, keys, title)
  },
}))
