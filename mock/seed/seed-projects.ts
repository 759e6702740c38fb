import { loadFixtureSet } from '../../fixtures/load.js'
import type { FixtureSet } from '../../fixtures/types.js'
import type { MockConfig } from '../config.js'
import type { ProjectRegistry } from '../project-state.js'
import { applyFixtures } from './apply-fixtures.js'
import { seedCampaigns } from './seed-campaigns.js'
import { seedStacks } from '../stacks/stack-fixtures.js'

// The bundled set never changes, so it is parsed once (applyFixtures copies it); a user's
// directory is re-read on every reset so edits to its files show up.
let bundled: FixtureSet | undefined

/** The fixture set the config names (`fixturesDir`), or the bundled one. */
export function fixturesFor(config: Pick<MockConfig, 'fixturesDir'>): FixtureSet {
  if (config.fixturesDir) return loadFixtureSet(config.fixturesDir)
  bundled ??= loadFixtureSet()
  return bundled
}

/** The seeder of a mock: fixtures (a set given, else the config's) into every project, then `seedCampaigns` generated ones into the first. */
export async function seedProjects(registry: ProjectRegistry, config: MockConfig, fixtures: FixtureSet = fixturesFor(config)): Promise<void> {
  applyFixtures(registry, fixtures)
  for (const project of registry.all()) seedStacks(project.id, project.stacks)
  const [first] = registry.all()
  if (config.seedCampaigns > 0 && first) seedCampaigns(first, config.seedCampaigns, config.seed)
}
