import { FixtureError, parseFixtureSet } from '../../fixtures/parse.js'
import type { MockDeps } from '../engine/mock-deps.js'
import { ApiError } from '../engine/errors.js'
import type { FixtureSet } from '../../fixtures/types.js'
import { applyFixtures } from '../engine/seed/apply-fixtures.js'

/**
 * `POST /_mock/fixtures`: checks a fixture set (the fixture files' contents, one key per file part)
 * and loads it into the running projects; `replace` empties the projects first.
 */
export function loadFixtures(deps: Pick<MockDeps, 'config' | 'projects'>, body: unknown, { replace = false } = {}): { projects: string[] } {
  let set: FixtureSet
  try {
    set = parseFixtureSet(body)
  } catch (error) {
    if (error instanceof FixtureError) throw new ApiError('INVALID_PAYLOAD', error.message)
    throw error
  }
  // the whole set is checked before anything is emptied or loaded (a rejected load changes nothing)
  // (emptying keeps only the configured projects: a sandbox's would be gone)
  const known = replace ? deps.config.credentials.projects.map((p) => p.projectId) : deps.projects.all().map((p) => p.id)
  const unknown = namedProjects(set).find((id) => !known.includes(id))
  if (unknown !== undefined) throw new ApiError('INVALID_PAYLOAD', `fixtures: project ${unknown} does not exist on this server (its projects: ${known.join(', ')})`)
  if (replace) deps.projects.clear()
  try {
    const touched = applyFixtures(deps.projects, set)
    return { projects: touched.map((p) => p.id) }
  } catch (error) {
    if (error instanceof ApiError) throw error
    // applyFixtures reports unknown projects and missing stores as plain errors: the body is at fault.
    throw new ApiError('INVALID_PAYLOAD', (error as Error).message)
  }
}

/** Every project id the set's parts name (each part is keyed by project id, as applyFixtures reads it). */
function namedProjects(set: FixtureSet): string[] {
  const parts = [set.categories, set.campaigns, set.rewards, set.rewardAssignments, set.holders, set.transactions, set.templates, set.metadataSchemas]
  return [...new Set(parts.flatMap((part) => Object.keys(part)))]
}
