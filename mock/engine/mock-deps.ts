import type { FixtureSet } from '../../fixtures/types.js'
import { FIXTURE_EPOCH, ManualClock, OffsetClock, type Clock } from '../../src/clock.js'
import { randomIds, type IdSource } from '../../src/ids.js'
import type { OpenApiDocument } from '../../src/spec/load-spec.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { CredentialRegistry } from './auth/credentials.js'
import type { MockConfig } from './config.js'
import type { HandlerResult } from './handler-io.js'
import { FaultRegistry } from '../control/faults.js'
import { LatencySettings } from '../control/latency.js'
import { RequestJournal } from '../control/request-journal.js'
import { TokenStore } from '../resources/oauth/token-store.js'
import type { ChangeRecorder } from './pipeline/change-recorder.js'
import type { LoadQs } from './pipeline/query-parser.js'
import { silentLog, type LogSink } from './pipeline/request-log.js'
import { ProjectRegistry, type ProjectSeeder, type ProjectState } from './project-state.js'
import { parseRateLimit } from './rate-limit/plans.js'
import { RateLimiter, type RateLimits } from './rate-limit/rate-limiter.js'
import { SandboxRegistry } from '../control/sandboxes/sandbox-registry.js'
import { seedSandbox } from '../control/sandboxes/seed-sandbox.js'
import { seedProjects, type CampaignSeeding } from './seed/seed-projects.js'

export type SpecDocument = OpenApiDocument

/** Everything the app and its handlers need, built once per mock instance and passed down explicitly. */
export interface MockDeps {
  /** Live settings; the control API may change generationRate and latency while running. */
  config: MockConfig
  clock: Clock
  ids: IdSource
  logger: LogSink
  spec: SpecDocument
  validator: ContractValidator
  /** This mock's fixture set, what a reset or a new sandbox starts from (applyFixtures copies what it takes). */
  fixtures: () => FixtureSet
  projects: ProjectRegistry
  credentials: CredentialRegistry
  tokens: TokenStore
  /** Present only when the mock was started with a rate limit (config.rateLimit). */
  rateLimits?: RateLimits
  faults: FaultRegistry
  latency: LatencySettings
  /** Waits the injected latency; tests pass one that records the wait instead of sleeping. */
  delay: (ms: number) => Promise<void>
  /** The nested-query and form parser (qs): imported by the portable core, loaded on first need in Node. */
  qs: LoadQs
  journal: RequestJournal
  /** Isolated projects with their own keys (`/_mock/sandboxes`). */
  sandboxes: SandboxRegistry
  /** The settings at start, which a reset restores (the control API may change the live ones), and the clock's start. */
  baseline: Readonly<{ generationRate: number; latencyMs: number; rewindClock: () => void }>
  /** Set with `--state-file`: every change goes to a journal before its answer (mock/engine/persistence). */
  changes?: ChangeRecorder
}

/** What every handler gets beside its request: the mock's deps, the authenticated project's state, the built-in answer. */
export interface HandlerContext<Answer = HandlerResult> {
  deps: MockDeps
  /** The authenticated project's state (/v1 operations); management handlers look projects up by path. */
  project: ProjectState
  /**
   * In a handler of your own (the `handlers` option): runs the mock's built-in handler for this request and
   * gives its answer, to pass on or adjust (`{ ...answer, body: { ...answer.body, active: false } }`). A
   * built-in error (404, 400) is thrown as the ApiError it is: let it through, or catch it and answer otherwise.
   */
  defaultAnswer(): Promise<Answer>
}

/** What building the deps of one mock takes; no file, no Node built-in (the spec and fixtures come as data). */
export interface CoreDepsInput {
  config: MockConfig
  spec: SpecDocument
  validator: ContractValidator
  fixtures: () => FixtureSet
  qs: LoadQs
  clock?: Clock
  ids?: IdSource
  logger?: LogSink
  delay?: (ms: number) => Promise<void>
  /** Replaces the fixture loading (e.g. an empty project set for a focused test). */
  seeder?: ProjectSeeder
  /** Runs the seeding of generated campaigns (Node tunes its garbage collector around a large one). */
  campaignSeeding?: CampaignSeeding
}

export function createClock(kind: MockConfig['clock']): ManualClock | OffsetClock {
  return kind === 'manual' ? new ManualClock(FIXTURE_EPOCH) : new OffsetClock()
}

/** Builds the stores of every project and applies the fixtures: every piece of state belongs to the result. */
export async function buildMockDeps(input: CoreDepsInput): Promise<MockDeps> {
  const { config, fixtures } = input
  const rateLimitPlan = rateLimitOf(config)
  const clock = input.clock ?? createClock(config.clock)
  const ids = input.ids ?? randomIds()
  const faults = new FaultRegistry()
  const projectInfos = config.credentials.projects.map((p) => ({ id: p.projectId, name: p.projectName }))
  const seeder = input.seeder ?? ((registry: ProjectRegistry) => seedProjects(registry, config, fixtures(), input.campaignSeeding))
  const projects = new ProjectRegistry(projectInfos, { clock, ids, config, faults }, seeder)
  await projects.reset()
  const credentials = new CredentialRegistry(config.credentials)
  const sandboxes = new SandboxRegistry({ projects, credentials, clock, ids, max: () => config.maxSandboxes, seed: (project) => seedSandbox(project, config, fixtures()) })
  return {
    config,
    clock,
    ids,
    logger: input.logger ?? silentLog,
    spec: input.spec,
    validator: input.validator,
    fixtures,
    projects,
    credentials,
    tokens: new TokenStore({ clock, ids, ttlSeconds: () => config.tokenTtlSeconds }),
    ...(rateLimitPlan ? { rateLimits: { plan: rateLimitPlan, limiter: new RateLimiter(clock) } } : {}),
    faults,
    latency: new LatencySettings(config.latencyMs),
    delay: input.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    qs: input.qs,
    journal: new RequestJournal(),
    sandboxes,
    baseline: { generationRate: config.generationRate, latencyMs: config.latencyMs, rewindClock: rewinder(clock) },
  }
}

/** Puts a manual clock back at the time it read when the mock was built, and takes an offset clock's advances back. */
function rewinder(clock: Clock): () => void {
  if (clock instanceof ManualClock) {
    const start = clock.now()
    return () => clock.set(start)
  }
  if (clock instanceof OffsetClock) {
    const offset = clock.offset
    return () => {
      clock.offset = offset
    }
  }
  return () => {}
}

/** The configured rate limit, checked before anything costly starts. */
function rateLimitOf(config: MockConfig) {
  if (config.rateLimit === undefined) return undefined
  try {
    return parseRateLimit(config.rateLimit)
  } catch (error) {
    throw new Error(`rateLimit: ${(error as Error).message}`, { cause: error })
  }
}
