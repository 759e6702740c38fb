import { toIso, type Clock } from '../../../src/clock.js'
import type { MockDeps } from '../mock-deps.js'
import type { ProjectState } from '../project-state.js'
import { documentShapeProblem, STATE_FORMAT, type StateDocument } from './state-shape.js'

export { STATE_FORMAT, type StateDocument }
/** Bumped whenever a store's snapshot shape changes; an older or newer file is refused, never guessed at. */
export const STATE_VERSION = 4

interface Persistable {
  snapshot(): unknown
  restore(snapshot: unknown): void
}

// Restore order matters: campaigns find their categories, vouchers their campaigns, exports both;
// session locks hold uses and balances of the vouchers.
export const STORES = [
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

/** What a state document holds and restores: the clock, the live settings, the projects, the tokens and the sandboxes. */
export type StateDeps = Pick<MockDeps, 'clock' | 'config' | 'projects' | 'tokens' | 'sandboxes'>

/** Fails at start (not at the first save) when a store cannot be persisted. */
export function assertPersistable(deps: Pick<MockDeps, 'projects'>): void {
  for (const project of deps.projects.all()) for (const name of STORES) persistable(project, name)
}

interface OffsetLike extends Clock {
  offset: number
}
const hasOffset = (clock: Clock): clock is OffsetLike => typeof (clock as Partial<OffsetLike>).offset === 'number'
const settable = (clock: Clock): clock is Clock & { set(ms: number): void } => typeof (clock as { set?: unknown }).set === 'function'

/** Everything the mock holds, as one JSON-ready document. Synchronous, so it is one consistent moment. */
export function captureState(deps: StateDeps, journalGeneration = 0): StateDocument {
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
    seed: deps.config.seed,
    journal_generation: journalGeneration,
    tokens: (deps.tokens as unknown as Persistable).snapshot(),
    sandboxes: deps.sandboxes.snapshot(),
    projects,
  }
}

/**
 * What is wrong with a parsed file, or undefined when it is a state document this version reads:
 * the header, the clock, the settings, the sandboxes and the shape of every store (mock/engine/persistence/state-shape.ts).
 * What the stores hold is checked when restored, and then through the API's own answers (state-readback.ts).
 */
export function checkDocument(doc: unknown, projectIds: string[], reference: StateDocument): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'is not a promokit state file (not a JSON object)'
  const d = doc as Partial<StateDocument>
  if (d.format !== STATE_FORMAT) return `is not a promokit state file (format ${JSON.stringify(d.format ?? null)}, expected "${STATE_FORMAT}")`
  if (d.version !== STATE_VERSION) {
    return `was written in state format version ${JSON.stringify(d.version ?? null)}; this promokit reads version ${STATE_VERSION}`
  }
  return documentShapeProblem(d, projectIds, reference)
}

/**
 * Replaces the mock's state with a checked document. The clock resumes where it was saved (a
 * running server's offset is kept, and time never goes back), so pending generations and exports
 * continue from the saved position. Throws when a store rejects its snapshot.
 */
export function applyState(deps: StateDeps, doc: StateDocument): void {
  deps.sandboxes.restore(doc.sandboxes)
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
  deps.config.seed = doc.seed
  restoreClock(deps.clock, doc.clock)
}

/** Puts the clock where the document says, never back (the wall clock went back, or the file came from another machine). */
export function restoreClock(clock: Clock, saved: StateDocument['clock']): void {
  if (hasOffset(clock)) {
    clock.offset = saved.offset ?? 0
    if (clock.now() < saved.now) clock.offset += saved.now - clock.now()
  } else if (settable(clock) && clock.now() < saved.now) {
    clock.set(saved.now)
  }
}
