import { setFlagsFromString } from 'node:v8'
import type { CampaignSeeding } from './seed-projects.js'

/** Below this many campaigns the young generation does not grow enough to matter. */
const LARGE_SEED = 1000

/**
 * Seeding is one burst of objects that all live on. V8 answers a burst of survivors by doubling its
 * young generation up to 32 MB, which then stays committed: an idle mock with 10,000 campaigns held
 * ~25 MB more RSS for it. The nursery keeps its size while seeding, then grows as usual under load.
 */
export const keepYoungGenerationSmall: CampaignSeeding = (n, seed) => {
  const large = n >= LARGE_SEED
  if (large) setFlagsFromString('--semi-space-growth-factor=1')
  try {
    seed()
  } finally {
    if (large) setFlagsFromString('--semi-space-growth-factor=2')
  }
}
