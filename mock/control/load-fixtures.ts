import { FixtureError, parseFixtureSet } from '../../fixtures/parse.js'
import type { MockDeps } from '../deps.js'
import { ApiError } from '../errors.js'
import { applyFixtures } from '../seed/apply-fixtures.js'

/**
 * `POST /_mock/fixtures`: checks a fixture set (the fixture files' contents, one key per file part)
 * and loads it into the running projects; `replace` empties the projects first.
 */
export function loadFixtures(deps: MockDeps, body: unknown, { replace = false } = {}): { projects: string[] } {
  let set
  try {
    set = parseFixtureSet(body)
  } catch (error) {
    if (error instanceof FixtureError) throw new ApiError('INVALID_PAYLOAD', error.message)
    throw error
  }
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
