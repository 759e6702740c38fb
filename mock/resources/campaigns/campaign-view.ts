import { toIso } from '../../../src/clock.js'
import { cloneJson as clone } from '../../../src/json-clone.js'
import type { Category } from '../categories/category-store.js'
import { accessAssignments } from './campaign-access.js'
import type { components } from '../../../src/types/openapi.js'
import type { Campaign, CampaignStatus, PromotionTier, RuleAssignment, StoredCampaign, StoredTier, Validity } from './campaign-types.js'

type Schemas = components['schemas']

export interface ViewOptions {
  status: CampaignStatus
  /** Vouchers that exist now (0 while generating, as the real service answers). */
  vouchersCount: number
  /** Fill `categories` (getCampaign/createCampaign always; listCampaigns only with `expand`). */
  withCategories: boolean
  /** listCampaigns with `expand=access_settings_assignments`. */
  withAccess?: boolean
  /** Campaign (create/get) adds `promotion` and `validation_rules_assignments`; CampaignBase (list) does not. */
  full: boolean
}

function validityOf(source: Validity): Validity {
  const out: Validity = {}
  if (source.start_date !== undefined) out.start_date = source.start_date
  if (source.expiration_date !== undefined) out.expiration_date = source.expiration_date
  if (source.validity_timeframe !== undefined) out.validity_timeframe = clone(source.validity_timeframe)
  if (source.validity_day_of_week !== undefined) out.validity_day_of_week = [...source.validity_day_of_week]
  if (source.validity_hours !== undefined) out.validity_hours = clone(source.validity_hours)
  return out
}

const categoryView = (category: Category): Schemas['Category'] => ({ ...category })

const assignmentList = (assignments: RuleAssignment[]): Schemas['ValidationRuleAssignmentsList'] => ({
  object: 'list',
  data_ref: 'data',
  data: assignments.map((a) => ({ ...a })),
  total: assignments.length,
})

/** The Campaign object, in the field order of the real service's examples. */
export function buildCampaignView(c: StoredCampaign, options: ViewOptions): Campaign {
  // `category_id` and `object` are set below, after the optional parts, in the real service's field order
  const view: Omit<Campaign, 'category_id' | 'object'> & Partial<Pick<Campaign, 'category_id' | 'object'>> = {
    id: c.id,
    name: c.name,
    ...(c.description !== undefined ? { description: c.description } : {}),
    campaign_type: c.campaign_type,
    type: c.type,
    ...(c.voucher ? { voucher: clone(c.voucher) } : {}),
    ...(c.referral_program ? { referral_program: clone(c.referral_program) } : {}),
    auto_join: c.auto_join,
    join_once: c.join_once,
    use_voucher_metadata_schema: c.use_voucher_metadata_schema,
    ...validityOf(c),
    ...(c.activity_duration_after_publishing !== undefined ? { activity_duration_after_publishing: c.activity_duration_after_publishing } : {}),
    ...(c.voucher ? { vouchers_count: options.vouchersCount } : {}),
    active: c.active,
    metadata: clone(c.metadata),
    created_at: toIso(c.createdAt),
    ...(c.updatedAt !== null ? { updated_at: toIso(c.updatedAt) } : {}),
    ...(c.category ? { category: c.category.name } : {}),
    creation_status: options.status,
    vouchers_generation_status: options.status,
    protected: c.protected,
  }
  if (options.full) {
    if (c.tiers) view.promotion = promotionList(c)
    view.validation_rules_assignments = assignmentList(c.assignments)
  }
  view.category_id = c.category?.id ?? null
  view.categories = options.withCategories && c.category ? [categoryView(c.category)] : []
  if (options.withAccess) view.access_settings_assignments = accessAssignments(c)
  view.object = 'campaign'
  return view as Campaign
}

function promotionList(c: StoredCampaign): Schemas['PromotionTiersList'] {
  const tiers = (c.tiers ?? []).map((tier) => buildTierView(tier, c))
  return { object: 'list', data_ref: 'tiers', tiers, total: tiers.length, has_more: false }
}

/** A promotion tier with the parent `campaign` subset and its zeroed (or accumulated) summary. */
export function buildTierView(tier: StoredTier, c: StoredCampaign): PromotionTier {
  return {
    id: tier.id,
    created_at: toIso(tier.createdAt),
    name: tier.name,
    ...(tier.banner !== undefined ? { banner: tier.banner } : {}),
    ...(tier.action !== undefined ? { action: clone(tier.action) } : {}),
    metadata: clone(tier.metadata),
    hierarchy: tier.hierarchy,
    promotion_id: c.id,
    campaign: {
      id: c.id,
      ...validityOf(c),
      active: c.active,
      ...(c.category ? { category_id: c.category.id } : {}),
      object: 'campaign',
    },
    campaign_id: c.id,
    active: tier.active,
    ...validityOf(tier),
    summary: {
      redemptions: { total_redeemed: tier.summary.redeemed },
      orders: { total_amount: tier.summary.orderAmount, total_discount_amount: tier.summary.discountAmount },
    },
    object: 'promotion_tier',
    validation_rule_assignments: assignmentList(tier.assignments),
    ...(tier.category ? { category_id: tier.category.id, categories: [categoryView(tier.category)] } : {}),
  }
}
