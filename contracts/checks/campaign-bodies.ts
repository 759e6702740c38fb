import type { CampaignType } from '../../src/types/index.js'
/**
 * Create Campaign request bodies, one per campaign type, as the seed's endpoint 1 describes them and the
 * real schemas require (a gift sends `balance` as well as `amount`).
 */
export type { CampaignType }

export interface BodyOptions {
  name: string
  tag: Record<string, string>
  vouchersCount?: number
  /** Code pattern; every `#` is one generated character. */
  pattern?: string
}

export const DEFAULT_VOUCHERS = 3
export const DEFAULT_PATTERN = 'PK-########'

const discount = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }

export function campaignBody(type: CampaignType, o: BodyOptions): Record<string, any> {
  const common = { name: o.name, campaign_type: type, metadata: { ...o.tag } }
  const codes = {
    vouchers_count: o.vouchersCount ?? DEFAULT_VOUCHERS,
  }
  const codeConfig = { pattern: o.pattern ?? DEFAULT_PATTERN }
  switch (type) {
    case 'DISCOUNT_COUPONS':
      return { ...common, type: 'STATIC', ...codes, voucher: { type: 'DISCOUNT_VOUCHER', discount, redemption: { quantity: 1 }, code_config: codeConfig } }
    case 'GIFT_VOUCHERS':
      return { ...common, type: 'STATIC', ...codes, voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000, effect: 'APPLY_TO_ORDER' }, redemption: { quantity: null }, code_config: codeConfig } }
    case 'LOYALTY_PROGRAM':
      return {
        ...common,
        type: 'STATIC',
        ...codes,
        voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 100, expiration_rules: { period_type: 'MONTH', period_value: 12, rounding_type: 'END_OF_YEAR' } }, redemption: { quantity: null }, code_config: codeConfig },
      }
    case 'REFERRAL_PROGRAM':
      return {
        ...common,
        type: 'STATIC',
        ...codes,
        referral_program: { conversion_event_type: 'redemption' },
        voucher: { type: 'DISCOUNT_VOUCHER', is_referral_code: true, discount, redemption: { quantity: null }, code_config: codeConfig },
      }
    case 'PROMOTION':
      return {
        ...common,
        promotion: {
          tiers: [
            { name: 'Tier one', banner: '5 off', action: { discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } }, metadata: { level: 1 } },
            { name: 'Tier two', banner: '10% off', action: { discount }, metadata: { level: 2 } },
          ],
        },
      }
  }
}

/** A regular expression every code generated from `pattern` must match (charset unknown: any non-space). */
export function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/#/g, '\\S')
  return new RegExp(`^${escaped}$`)
}
