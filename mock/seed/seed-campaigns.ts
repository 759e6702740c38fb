
export interface CampaignCreator {
  campaigns?: { create(body: any): Record<string, unknown> }
}

/**
 * `--seed-campaigns n`: n realistic campaigns from the faker generators (same seed, same campaigns),
 * created through the campaign store like any API call, so their vouchers generate on the clock.
 */
export async function seedCampaigns(project: CampaignCreator, n: number, seed: number): Promise<string[]> {
  if (!project.campaigns) throw new Error('seedCampaigns: this build has no campaign store')
  const store = project.campaigns
  // Loaded only when asked for: faker is a megabyte of locale data a plain start does not need.
  const { generateCampaigns } = await import('../../fixtures/generators.js')
  return generateCampaigns(n, seed).map((body) => String(store.create(body).id))
}
