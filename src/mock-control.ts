// The part of the mock's control API (/_mock, described in mock/control/control-openapi.yaml) that
// other tools read: the contract suite detects the mock, moves its clock and picks ids from its state.
// Shared here so the producer (mock/control) and the readers (contracts/) agree on one typed shape,
// and readers narrow what a target sent instead of trusting it.

/** `GET /_mock/clock` (and the clock part of `POST /_mock/clock/advance`). */
export interface MockClockView {
  now: string
  epoch_ms: number
  advanceable: boolean
}

/** The objects of a project that readers pick ids from; every other list of the dump is opaque to them. */
export interface MockStateProject {
  id: string
  name: string
  counts: Record<string, number>
  reward_assignments?: Array<{ id: string; reward_id: string }>
  campaign_templates?: Array<{ id: string }>
  metadata_schemas?: Array<{ id: string }>
  [part: string]: unknown
}

/** `GET /_mock/state`. */
export interface MockStateDump {
  now: string
  generation_rate: number
  projects: MockStateProject[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const withId = (value: unknown): value is { id: string } => isRecord(value) && typeof value.id === 'string'

/** The clock view if `body` is one (a target that is not the mock answers something else or nothing). */
export function readMockClock(body: unknown): MockClockView | undefined {
  if (!isRecord(body) || typeof body.epoch_ms !== 'number' || typeof body.advanceable !== 'boolean' || typeof body.now !== 'string') return undefined
  return { now: body.now, epoch_ms: body.epoch_ms, advanceable: body.advanceable }
}

/** The projects of a state dump, keeping only the well-formed entries readers rely on. */
export function readMockStateProjects(body: unknown): MockStateProject[] {
  if (!isRecord(body) || !Array.isArray(body.projects)) return []
  return body.projects.filter(withId).map((project) => {
    const p = project as Record<string, unknown> & { id: string }
    const list = (name: string) => (Array.isArray(p[name]) ? (p[name] as unknown[]) : [])
    return {
      ...p,
      name: typeof p.name === 'string' ? p.name : '',
      counts: isRecord(p.counts) ? (p.counts as Record<string, number>) : {},
      reward_assignments: list('reward_assignments').filter((a): a is { id: string; reward_id: string } => withId(a) && typeof (a as { reward_id?: unknown }).reward_id === 'string'),
      campaign_templates: list('campaign_templates').filter(withId),
      metadata_schemas: list('metadata_schemas').filter(withId),
    }
  })
}
