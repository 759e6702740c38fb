import { toIso } from '../../src/clock.js'
import type { MockDeps } from '../engine/mock-deps.js'
import { ApiError, notFound } from '../engine/errors.js'
import type { ProjectState } from '../engine/project-state.js'

type Json = Record<string, unknown>

/**
 * `GET /_mock/state`. The configured projects come whole (their objects, unless `counts=true`); a
 * sandbox's project comes as counts and its `sandbox_id` only, so the dump stays small however many
 * sandboxes parallel workers made (2,000 whole sandboxes were 37 MB and seconds of a blocked mock).
 * `project=<id>` dumps that one project whole, a sandbox's included.
 */
/** What the dump reads (and never changes). */
export type StateDumpDeps = Pick<MockDeps, 'clock' | 'config' | 'projects' | 'sandboxes'>

export function stateDump(deps: StateDumpDeps, query: Record<string, unknown>): Json {
  const head = { now: toIso(deps.clock.now()), generation_rate: deps.config.generationRate }
  if (query.project !== undefined) {
    if (typeof query.project !== 'string') throw new ApiError('INVALID_QUERY_PARAMS', 'project: give one project id, e.g. project=proj_demo0001')
    const project = deps.projects.get(query.project)
    if (!project) throw notFound('project', query.project)
    return { ...head, projects: [whole(deps, project, false)] }
  }
  const countsOnly = query.counts === 'true'
  return {
    ...head,
    projects: deps.projects.all().map((project) => whole(deps, project, countsOnly || deps.sandboxes.ofProject(project.id) !== undefined)),
    sandboxes: { count: deps.sandboxes.size, max: deps.config.maxSandboxes },
  }
}

function whole(deps: Pick<MockDeps, 'sandboxes'>, project: ProjectState, countsOnly: boolean): Json {
  const sandbox = deps.sandboxes.ofProject(project.id)
  return { id: project.id, name: project.name, ...(sandbox ? { sandbox_id: sandbox.id } : {}), counts: project.counts(), ...(countsOnly ? {} : project.dump()) }
}
