import { generateCampaigns } from '../../fixtures/generators.js'

export interface CampaignCreator {
  campaigns?: { create(body: any): Record<string, unknown> }
}

/**
 * `--seed-campaigns n`: n realistic campaigns from the faker generators (same seed, same campaigns),
 * created through the campaign store like any API call, so their vouchers generate on the clock.
 */
export function seedCampaigns(project: CampaignCreator, n: number, seed: number): string[] {
  if (!project.campaigns) throw new Error('seedCampaigns: this build has no campaign store')
  const store = project.campaigns
  return generateCampaigns(n, seed).map((body) => String(store.create(body).id))
}
