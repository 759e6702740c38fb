import type { FixtureSet } from '../../../fixtures/types.js'
import type { MockConfig } from '../config.js'
import type { ProjectRegistry } from '../project-state.js'
import { applyFixtures } from './apply-fixtures.js'
import { seedCampaigns } from './seed-campaigns.js'
import { seedStacks } from '../../resources/stacks/stack-fixtures.js'

/** Runs a seeding burst; Node wraps it to keep the garbage collector's nursery small (mock/engine/seed/gc-young-generation.ts). */
export type CampaignSeeding = (n: number, seed: () => void) => void

/** The seeder of a mock: fixtures into every project, then `seedCampaigns` generated ones into the first. */
export async function seedProjects(registry: ProjectRegistry, config: MockConfig, fixtures: FixtureSet, seeding?: CampaignSeeding): Promise<void> {
  applyFixtures(registry, fixtures)
  for (const project of registry.all()) seedStacks(project.id, project.stacks)
  const [first] = registry.all()
  if (config.seedCampaigns > 0 && first) {
    const seed = () => void seedCampaigns(first, config.seedCampaigns, config.seed)
    if (seeding) seeding(config.seedCampaigns, seed)
    else seed()
  }
}
