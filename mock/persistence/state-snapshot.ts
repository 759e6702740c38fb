import { toIso, type Clock } from '../../src/clock.js'
import type { MockDeps } from '../deps.js'
import type { ProjectState } from '../project-state.js'

export const STATE_FORMAT = 'promokit-state'
/** Bumped whenever a store's snapshot shape changes; an older or newer file is refused, never guessed at. */
export const STATE_VERSION = 3

export interface StateDocument {
  format: typeof STATE_FORMAT
  version: number
  saved_at: string
  /** The mock's time when saved, and the offset of a running server's clock from the wall clock. */
  clock: { now: number; offset?: number }
  generation_rate: number
  tokens: unknown
  projects: Record<string, Record<string, unknown>>
}

interface Persistable {
  snapshot(): unknown
  restore(snapshot: unknown): void
}

// Restore order matters: campaigns find their categories, vouchers their campaigns, exports both;
// session locks hold uses and balances of the vouchers.
const STORES = [
  'categories',
  'campaigns',
  'vouchers',
  'sessions',
  'referrals',
  'rewards',
  'transactions',
  'exports',
  'templates',
  'metadataSchemas',
  'stacks',
  'redemptions',
  'customers',
  'asyncActions',
  'validationRules',
] as const satisfies ReadonlyArray<keyof ProjectState>

function persistable(project: ProjectState, name: (typeof STORES)[number]): Persistable {
  const store = project[name] as unknown as Partial<Persistable>
  if (typeof store.snapshot !== 'function' || typeof store.restore !== 'function') {
    throw new Error(`the ${name} store of ${project.id} has no snapshot()/restore(); the state cannot be persisted`)
  }
  return store as Persistable
}

/** Fails at start (not at the first save) when a store cannot be persisted. */
export function assertPersistable(deps: MockDeps): void {
  for (const project of deps.projects.all()) for (const name of STORES) persistable(project, name)
}

interface OffsetLike extends Clock {
  offset: number
}
const hasOffset = (clock: Clock): clock is OffsetLike => typeof (clock as Partial<OffsetLike>).offset === 'number'
const settable = (clock: Clock): clock is Clock & { set(ms: number): void } => typeof (clock as { set?: unknown }).set === 'function'

/** Everything the mock holds, as one JSON-ready document. Synchronous, so it is one consistent moment. */
export function captureState(deps: MockDeps): StateDocument {
  const now = deps.clock.now()
  const projects: StateDocument['projects'] = {}
  for (const project of deps.projects.all()) {
    projects[project.id] = Object.fromEntries(STORES.map((name) => [name, persistable(project, name).snapshot()]))
  }
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    saved_at: toIso(now),
    clock: { now, ...(hasOffset(deps.clock) ? { offset: deps.clock.offset } : {}) },
    generation_rate: deps.config.generationRate,
    tokens: (deps.tokens as unknown as Persistable).snapshot(),
    projects,
  }
}

/** What is wrong with a parsed file, or undefined when it is a state document this version reads. */
export function checkDocument(doc: unknown, projectIds: string[]): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'is not a promokit state file (not a JSON object)'
  const d = doc as Partial<StateDocument>
  if (d.format !== STATE_FORMAT) return `is not a promokit state file (format ${JSON.stringify(d.format ?? null)}, expected "${STATE_FORMAT}")`
  if (d.version !== STATE_VERSION) {
    return `was written in state format version ${JSON.stringify(d.version ?? null)}; this promokit reads version ${STATE_VERSION}`
  }
  if (typeof d.clock?.now !== 'number' || !Number.isFinite(d.clock.now)) return 'has no valid clock.now'
  if (typeof d.generation_rate !== 'number' || !(d.generation_rate > 0)) return 'has no valid generation_rate'
  if (typeof d.projects !== 'object' || d.projects === null) return 'has no projects'
  const unknown = Object.keys(d.projects).filter((id) => !projectIds.includes(id))
  if (unknown.length > 0) return `holds project(s) ${unknown.join(', ')} that this server is not configured with (configured: ${projectIds.join(', ')})`
  for (const [id, stores] of Object.entries(d.projects)) {
    const missing = STORES.filter((name) => !(name in (stores ?? {})))
    if (missing.length > 0) return `project ${id} lacks the ${missing.join(', ')} store(s)`
  }
  return undefined
}

/**
 * Replaces the mock's state with a checked document. The clock resumes where it was saved (a
 * running server's offset is kept, and time never goes back), so pending generations and exports
 * continue from the saved position. Throws when a store rejects its snapshot.
 */
export function applyState(deps: MockDeps, doc: StateDocument): void {
  for (const project of deps.projects.all()) {
    const stores = doc.projects[project.id]
    if (!stores) continue
    for (const name of STORES) {
      try {
        persistable(project, name).restore(stores[name])
      } catch (error) {
        throw new Error(`project ${project.id}, ${name}: ${(error as Error).message}`, { cause: error })
      }
    }
  }
  ;(deps.tokens as unknown as Persistable).restore(doc.tokens ?? [])
  deps.config.generationRate = doc.generation_rate
  restoreClock(deps.clock, doc.clock)
}

function restoreClock(clock: Clock, saved: StateDocument['clock']): void {
  if (hasOffset(clock)) {
    clock.offset = saved.offset ?? 0
    // the wall clock went back (or the file came from another machine): never let the mock's time go back
    if (clock.now() < saved.now) clock.offset += saved.now - clock.now()
  } else if (settable(clock) && clock.now() < saved.now) {
    clock.set(saved.now)
  }
}
