import type { FixtureSet } from '../../../fixtures/types.js'
import type { MockConfig } from '../../engine/config.js'
import type { ProjectState } from '../../engine/project-state.js'
import { applyFixtures } from '../../engine/seed/apply-fixtures.js'
import { seedStacks } from '../../resources/stacks/stack-fixtures.js'

const PER_PROJECT = ['categories', 'campaigns', 'rewards', 'rewardAssignments', 'holders', 'transactions', 'templates', 'metadataSchemas'] as const

/** A sandbox gets what the fixtures give the default (first) project, under its own project id. */
export function seedSandbox(project: ProjectState, config: MockConfig, set: FixtureSet): void {
  const from = config.credentials.projects[0]?.projectId
  const own: FixtureSet = { ...set }
  for (const part of PER_PROJECT) {
    const list = from !== undefined && Object.hasOwn(set[part], from) ? set[part][from] : []
    ;(own as unknown as Record<string, unknown>)[part] = { [project.id]: list }
  }
  applyFixtures(project, own)
  seedStacks(project.id, project.stacks)
}
