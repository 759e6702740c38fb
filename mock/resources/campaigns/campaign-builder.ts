import { normaliseIso, toIso } from '../../../src/clock.js'
import { cloneJson } from '../../../src/json-clone.js'
import type { IdSource } from '../../../src/ids.js'
import type { Category } from '../categories/category-store.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { accessFromInput } from './campaign-access.js'
import { discountProblem } from './discount-check.js'
import { normaliseCodeConfig } from '../vouchers/code-generator.js'
import type { VoucherTemplate } from '../vouchers/voucher-types.js'
import type { CampaignInput, CampaignType, RuleAssignment, StoredCampaign, StoredTier, TierInput, Validity } from './campaign-types.js'
import { CAMPAIGN_TYPES } from './campaign-types.js'
import { inferCampaignType } from './campaign-type.js'

export interface CategoryLookup {
  find(id: string): Category | undefined
  findByName(name: string): Category | undefined
}

export interface BuildContext {
  /** Issues the campaign id; called only once every check has passed, so a refusal consumes no id. */
  newId: () => string
  /** Refuses a code pattern too small for the vouchers asked for (the voucher store knows what is taken). */
  checkSpace: (config: VoucherTemplate['code_config'], count: number) => void
  now: number
  ids: IdSource
  categories: CategoryLookup
  maxVouchersCount: number
  /** Fixtures give their vouchers explicitly: their number is the count. */
  vouchersCount?: number
  /**
   * The input is the caller's to give away (a generated body nothing else holds): its objects become the
   * campaign's instead of being copied. A request's body is not (the journal and the request log keep it).
   */
  owned?: boolean
}

const VOUCHER_TYPE: Record<Exclude<CampaignType, 'PROMOTION'>, VoucherTemplate['type']> = {
  DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER',
  REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER',
  GIFT_VOUCHERS: 'GIFT_VOUCHER',
  LOYALTY_PROGRAM: 'LOYALTY_CARD',
}

// As the pipeline does for schema violations, the message itself says what was wrong (real: "Property 'discount' is required ...").
export const invalid = (details: string): ApiError => new ApiError('INVALID_CAMPAIGN', details, { message: `Invalid Campaign: ${details}` })

/** Every check that can refuse a create, before any id is issued or anything is stored; the store sets `seq` and `readyAt`. */
export function buildCampaign(input: CampaignInput, ctx: BuildContext): StoredCampaign {
  if (typeof input.name !== 'string' || input.name.trim() === '') throw invalid("Property 'name' is required")
  const campaignType = resolveType(input)
  const category = resolveCategory(input, ctx.categories)
  const copy = ctx.owned ? keep : cloneJson
  const template = campaignType === 'PROMOTION' ? undefined : buildTemplate(input, campaignType, copy)
  const count = template ? (ctx.vouchersCount ?? vouchersCount(input, ctx.maxVouchersCount)) : 0
  if (template) ctx.checkSpace(template.code_config, count)
  const tierInputs = campaignType === 'PROMOTION' ? (input.promotion?.tiers ?? []) : NO_TIERS
  const tierCategories = tierInputs.map((tier, i) => {
    if (typeof tier.name !== 'string' || tier.name === '') throw invalid(`promotion.tiers[${i}].name is required`)
    checkDiscount(tier.action?.discount, `promotion.tiers[${i}].action.discount`)
    return resolveCategory(tier, ctx.categories)
  })
  const id = ctx.newId()
  // One literal with every field a campaign always has, the store's `seq` and `readyAt` included (it fills them
  // in): added one by one, or past a dozen at once (Object.assign), fields turn an object into a dictionary,
  // and `--seed-campaigns 10000` keeps ten thousand. Spreads in the literal would make V8 build each the slow way.
  const draft: StoredCampaign = {
    seq: 0,
    id,
    name: input.name,
    campaign_type: campaignType,
    type: input.type ?? (campaignType === 'PROMOTION' ? 'STATIC' : 'AUTO_UPDATE'),
    join_once: campaignType === 'LOYALTY_PROGRAM' ? true : input.type === 'STANDALONE' ? false : (input.join_once ?? false),
    auto_join: input.auto_join ?? false,
    use_voucher_metadata_schema: input.use_voucher_metadata_schema ?? false,
    protected: false,
    active: input.active ?? true,
    metadata: input.metadata ? copy(input.metadata) : {},
    category,
    vouchersCount: count,
    assignments: [],
    createdAt: ctx.now,
    updatedAt: null,
    readyAt: 0,
  }
  if (input.description !== undefined) draft.description = input.description
  // a voucher campaign's dates were checked into its template: the campaign takes them from there
  if (template) validity(template as Validity, draft, keepDate, cloneJson)
  else validity(input, draft, isoDate, copy)
  if (input.activity_duration_after_publishing !== undefined) draft.activity_duration_after_publishing = input.activity_duration_after_publishing
  if (template) draft.voucher = template
  const access = accessFromInput(input)
  if (access) draft.access = access
  if (template && input.referral_program !== undefined) draft.referral_program = copy(input.referral_program)
  const pinned = (input as { validation_rules_assignments?: { data?: RuleAssignment[] } }).validation_rules_assignments?.data
  if (pinned) draft.assignments = pinned.map((a) => ({ ...a }))
  else if (input.validation_rules) draft.assignments = input.validation_rules.map((rule) => assignment(ctx, rule, id, 'campaign'))
  if (campaignType === 'PROMOTION') draft.tiers = tierInputs.map((tier, i) => buildTier(tier, i, tierCategories[i], ctx, copy))
  return draft
}

const NO_TIERS: readonly TierInput[] = []

export function checkDiscount(discount: Parameters<typeof discountProblem>[0], path: string): void {
  const problem = discountProblem(discount, path)
  if (problem) throw invalid(problem)
}

function resolveType(input: CampaignInput): CampaignType {
  if (input.campaign_type !== undefined) {
    if (!CAMPAIGN_TYPES.includes(input.campaign_type)) throw invalid(`campaign_type must be one of ${CAMPAIGN_TYPES.join(', ')}`)
    return input.campaign_type
  }
  const inferred = inferCampaignType(input as unknown as Record<string, unknown>)
  if (!inferred) throw invalid("Property 'campaign_type' is required (or a 'voucher' with a 'type', a 'promotion' or a 'referral_program' to infer it from)")
  return inferred
}

export function resolveCategory(ref: { category_id?: string; category?: string }, categories: CategoryLookup): Category | null {
  if (ref.category_id) return categories.find(ref.category_id) ?? throwNotFound(ref.category_id)
  if (ref.category) return categories.findByName(ref.category) ?? throwNotFound(ref.category)
  return null
}

const throwNotFound = (id: string): never => {
  throw notFound('category', id)
}

/** The validity fields of `source`, dates checked and written as the API writes them, into `out`. */
export function validity<T extends object = Validity>(source: Validity, into: T = {} as T, date = isoDate, copy: <V>(value: V) => V = cloneJson): T {
  const out = into as Validity
  if (source.start_date !== undefined) out.start_date = date('start_date', source.start_date)
  if (source.expiration_date !== undefined) out.expiration_date = date('expiration_date', source.expiration_date)
  if (source.validity_timeframe !== undefined) out.validity_timeframe = copy(source.validity_timeframe)
  if (source.validity_day_of_week !== undefined) out.validity_day_of_week = copy(source.validity_day_of_week)
  if (source.validity_hours !== undefined) out.validity_hours = copy(source.validity_hours)
  return into
}

function isoDate(field: string, value: string): string {
  const iso = normaliseIso(value)
  if (iso === undefined) throw invalid(`${field} must be an ISO 8601 date-time, got "${value}"`)
  return iso
}

/** A date checked before (strings are immutable: the copy shares it). */
const keepDate = (_field: string, value: string): string => value
const keep = <V>(value: V): V => value

function buildTemplate(input: CampaignInput, campaignType: Exclude<CampaignType, 'PROMOTION'>, copy: <V>(value: V) => V): VoucherTemplate {
  const voucher = input.voucher
  if (!voucher) throw invalid(`Property 'voucher' is required for ${campaignType} campaign`)
  const type = VOUCHER_TYPE[campaignType]
  if (voucher.type !== undefined && voucher.type !== type) {
    throw invalid(`voucher.type must be ${type} for ${campaignType} campaign, got ${voucher.type}`)
  }
  // Field order as in the real service's examples: the type's own object first, then the rest.
  const template = { type } as VoucherTemplate
  if (type === 'DISCOUNT_VOUCHER') {
    if (!voucher.discount) throw invalid(`Property 'discount' is required for ${campaignType} campaign`)
    checkDiscount(voucher.discount, 'voucher.discount')
    template.discount = copy(voucher.discount)
  } else if (type === 'GIFT_VOUCHER') {
    if (!voucher.gift) throw invalid(`Property 'gift' is required for ${campaignType} campaign`)
    template.gift = { ...copy(voucher.gift), balance: voucher.gift.balance ?? voucher.gift.amount }
  } else {
    if (!voucher.loyalty_card) throw invalid(`Property 'loyalty_card' is required for ${campaignType} campaign`)
    template.loyalty_card = copy(voucher.loyalty_card)
  }
  template.redemption = { quantity: voucher.redemption?.quantity ?? null }
  template.code_config = normaliseCodeConfig(voucher.code_config)
  template.is_referral_code = campaignType === 'REFERRAL_PROGRAM'
  // The seed: the campaign's dates and validity are copied into the voucher template.
  return validity(input, template, isoDate, copy)
}

function vouchersCount(input: CampaignInput, max: number): number {
  const count = input.vouchers_count ?? 0
  if (!Number.isInteger(count) || count < 0) throw invalid(`vouchers_count must be a whole number >= 0, got ${count}`)
  if (count > max) throw invalid(`vouchers_count ${count} is above this mock's limit of ${max} vouchers per campaign (maxVouchersCount)`)
  return count
}

/** Fixture tiers (response-shaped) may pin their id, created_at, rule assignments and summary. */
type TierSource = TierInput & {
  id?: string
  created_at?: string
  validation_rule_assignments?: { data?: RuleAssignment[] }
  summary?: { redemptions?: { total_redeemed?: number }; orders?: { total_amount?: number; total_discount_amount?: number } }
}

function buildTier(input: TierSource, position: number, category: Category | null, ctx: BuildContext, copy: <V>(value: V) => V): StoredTier {
  const id = input.id ?? ctx.ids.next('promo')
  const createdAt = input.created_at ? Date.parse(input.created_at) : ctx.now
  // one literal, the optional fields added after it (as the campaign itself: see buildCampaign)
  const tier: StoredTier = {
    id,
    createdAt,
    name: input.name,
    metadata: input.metadata ? copy(input.metadata) : {},
    // hierarchy follows request order (1..n), as the real examples answer
    hierarchy: position + 1,
    active: input.active ?? true,
    category,
    assignments: [],
    summary: {
      redeemed: input.summary?.redemptions?.total_redeemed ?? 0,
      orderAmount: input.summary?.orders?.total_amount ?? 0,
      discountAmount: input.summary?.orders?.total_discount_amount ?? 0,
    },
  }
  if (input.banner !== undefined) tier.banner = input.banner
  if (input.action !== undefined) tier.action = copy(input.action)
  validity(input, tier, isoDate, copy)
  // after the dates are checked: a refused tier issues no assignment ids
  tier.assignments =
    input.validation_rule_assignments?.data?.map((a) => ({ ...a })) ??
    (input.validation_rules ?? []).map((rule) => assignment({ ...ctx, now: createdAt }, rule, id, 'promotion_tier'))
  return tier
}

function assignment(ctx: BuildContext, ruleId: string, objectId: string, type: RuleAssignment['related_object_type']): RuleAssignment {
  return {
    id: ctx.ids.next('asgm'),
    rule_id: ruleId,
    related_object_id: objectId,
    related_object_type: type,
    created_at: toIso(ctx.now),
    object: 'validation_rules_assignment',
  }
}
