import { cloneJson } from '../../../src/json-clone.js'
import type { BodyOf } from '../../engine/spec-shapes.js'
import { ACCESS_KEYS, accessFromInput, type CampaignAccess } from './campaign-access.js'
import { checkDiscount, invalid, resolveCategory, validity, type CategoryLookup } from './campaign-builder.js'
import type { StoredCampaign, Validity } from './campaign-types.js'

export type CampaignUpdate = BodyOf<'updateCampaign'>
/** The update with its nulls dropped. */
type Given = { [K in keyof NonNullable<CampaignUpdate>]?: Exclude<NonNullable<CampaignUpdate>[K], null> }

const NOT_SIMULATED = ['gift', 'loyalty_tiers_expiration', 'options'] as const

/**
 * Works out every change an update asks for, refusing (400/404) before anything is touched, and returns
 * the function that applies them: a refused update changes nothing. `null` counts as absent, because
 * generated SDKs send it for every field they were not given.
 */
export function planUpdate(c: Readonly<StoredCampaign>, input: CampaignUpdate, categories: CategoryLookup): (now: number) => void {
  const given = Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== null)) as Given
  for (const field of NOT_SIMULATED) if (given[field] !== undefined) throw invalid(`${field}: updating it is not simulated by promokit's mock`)
  if (given.type !== undefined && given.type !== c.type && c.type === 'STANDALONE') throw invalid('type: a STANDALONE campaign keeps its type')
  const fixedJoinOnce = c.campaign_type === 'LOYALTY_PROGRAM' ? true : c.type === 'STANDALONE' ? false : undefined
  if (given.join_once !== undefined && fixedJoinOnce !== undefined && given.join_once !== fixedJoinOnce) {
    throw invalid(`join_once: always ${fixedJoinOnce} for ${c.campaign_type === 'LOYALTY_PROGRAM' ? 'loyalty' : 'STANDALONE'} campaigns`)
  }
  const discounted = c.voucher?.type === 'DISCOUNT_VOUCHER'
  if (given.discount !== undefined) {
    if (!discounted) throw invalid(`discount: a ${c.campaign_type} campaign has no discount to update`)
    checkDiscount(given.discount, 'discount')
  }
  if (given.referral_program !== undefined && c.campaign_type !== 'REFERRAL_PROGRAM') throw invalid(`referral_program: a ${c.campaign_type} campaign has no referral program`)
  const dates: Validity = validity(given as Validity)
  const category = given.category_id !== undefined || given.category !== undefined ? resolveCategory(given as { category_id?: string; category?: string }, categories) : undefined
  const access = given.access_settings ? nextAccess(c.access, given.access_settings) : undefined

  return (now) => {
    const campaign = c as StoredCampaign
    if (given.description !== undefined) campaign.description = given.description
    if (given.type !== undefined) campaign.type = given.type
    if (given.auto_join !== undefined) campaign.auto_join = given.auto_join
    if (given.join_once !== undefined) campaign.join_once = given.join_once
    if (given.activity_duration_after_publishing !== undefined) campaign.activity_duration_after_publishing = given.activity_duration_after_publishing
    if (category !== undefined) campaign.category = category
    if (given.metadata !== undefined || given.unset_metadata_fields !== undefined) {
      const metadata = { ...campaign.metadata, ...cloneJson(given.metadata ?? {}) }
      for (const key of given.unset_metadata_fields ?? []) delete metadata[key]
      campaign.metadata = metadata
    }
    if (given.referral_program !== undefined) campaign.referral_program = cloneJson(given.referral_program)
    if (access !== undefined) {
      if (access) campaign.access = access
      else delete campaign.access
    }
    // the vouchers are read through the template: new dates and discount reach every code at once
    Object.assign(campaign, dates)
    if (campaign.voucher) {
      Object.assign(campaign.voucher, cloneJson(dates))
      if (given.discount !== undefined) campaign.voucher.discount = cloneJson(given.discount)
    }
    campaign.updatedAt = now
  }
}

/** The assignments after `assign` then `unassign`; null when none is left. */
function nextAccess(current: CampaignAccess | undefined, settings: NonNullable<Given['access_settings']>): CampaignAccess | null {
  const added = accessFromInput({ access_settings: { assign: settings.assign } })
  const next = Object.fromEntries(
    ACCESS_KEYS.map((key) => {
      const ids = new Set([...(current?.[key] ?? []), ...(added?.[key] ?? [])])
      for (const id of settings.unassign?.[key] ?? []) ids.delete(id)
      return [key, [...ids]]
    }),
  ) as unknown as CampaignAccess
  return ACCESS_KEYS.some((key) => next[key].length > 0) ? next : null
}
