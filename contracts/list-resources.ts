import type { SharedResource } from './check.js'

/**
 * What each list's items depend on, in the names writers declare (check-costs.ts): a writer of the same list
 * running beside a check that pages it, or reads it back to see that nothing changed, would fail that check
 * falsely under --concurrency. Lists of what campaigns hold (vouchers, tiers, redemptions, exports, async
 * actions) move with the campaign list and the clock (generation); the rest with their own resource.
 */
const LIST_RESOURCES: Readonly<Record<string, readonly SharedResource[]>> = {
  listCampaigns: ['campaign-list'],
  listCategories: ['categories'],
  listRewardAssignments: ['reward-assignment'],
  listReferralCodeHolders: ['referral-holders'],
  listMemberHolders: ['referral-holders'],
  listCampaignTemplates: ['templates'],
  listProjectCampaignTemplates: ['templates'],
  listMetadataSchemas: ['metadata-schemas'],
  listProjectMetadataSchemas: ['metadata-schemas'],
  listValidationRules: ['validation-rules'],
  listValidationRuleAssignments: ['validation-rules'],
  listExports: ['exports', 'campaign-list', 'clock'],
  // Redemptions of fixtures the run did not create (the loyalty card's) come from checks that change no campaign.
  listRedemptions: ['redemptions', 'campaign-list', 'clock'],
  listVoucherRedemptions: ['redemptions', 'campaign-list', 'clock'],
  getVoucherRedemptions: ['redemptions', 'campaign-list', 'clock'],
}

/** The shared resources a list's content depends on (campaign-held lists by default). */
export function listResources(operationId: string): readonly SharedResource[] {
  return LIST_RESOURCES[operationId] ?? ['campaign-list', 'clock']
}
