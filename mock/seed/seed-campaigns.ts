import { setFlagsFromString } from 'node:v8'
import { campaignBodies } from '../../fixtures/generators.js'
import type { CampaignInput } from '../campaigns/campaign-types.js'

export interface CampaignCreator {
  campaigns?: { createRecord(body: CampaignInput): { id: string } }
}

/** Below this many campaigns the young generation does not grow enough to matter. */
const LARGE_SEED = 1000

/**
 * `--seed-campaigns n`: n realistic campaigns from the seeded generators (same seed, same campaigns),
 * created through the campaign store like any API call, so their vouchers generate on the clock.
 * Each body is created as it is made and no answer is built.
 */
export function seedCampaigns(project: CampaignCreator, n: number, seed: number): string[] {
  if (!project.campaigns) throw new Error('seedCampaigns: this build has no campaign store')
  const store = project.campaigns
  const ids: string[] = []
  // Seeding is one burst of objects that all live on. V8 answers a burst of survivors by doubling its
  // young generation up to 32 MB, which then stays committed: an idle mock with 10,000 campaigns held
  // ~25 MB more RSS for it. The nursery keeps its size while seeding, then grows as usual under load.
  const large = n >= LARGE_SEED
  if (large) setFlagsFromString('--semi-space-growth-factor=1')
  try {
    for (const body of campaignBodies(n, seed)) ids.push(store.createRecord(body as CampaignInput).id)
  } finally {
    if (large) setFlagsFromString('--semi-space-growth-factor=2')
  }
  return ids
}
