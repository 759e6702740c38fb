import { campaignBodies } from '../../../fixtures/generators.js'
import type { CampaignInput } from '../../resources/campaigns/campaign-types.js'

export interface CampaignCreator {
  campaigns?: { createRecord(body: CampaignInput, options: { owned: boolean }): { id: string } }
}

/**
 * `--seed-campaigns n`: n realistic campaigns from the seeded generators (same seed, same campaigns),
 * created through the campaign store like any API call, so their vouchers generate on the clock.
 * Each body is created as it is made and no answer is built; nothing else holds it, so the campaign
 * keeps its objects instead of copies.
 */
export function seedCampaigns(project: CampaignCreator, n: number, seed: number): string[] {
  if (!project.campaigns) throw new Error('seedCampaigns: this build has no campaign store')
  const store = project.campaigns
  const ids: string[] = []
  for (const body of campaignBodies(n, seed)) ids.push(store.createRecord(body, { owned: true }).id)
  return ids
}
