import type { Logger } from 'pino'
import { FIXTURE_EPOCH, ManualClock, OffsetClock, type Clock } from '../src/clock.js'
import { randomIds, type IdSource } from '../src/ids.js'
import { specPath } from '../src/paths.js'
import { loadSpec } from '../src/spec/load-spec.js'
import { createContractValidator, type ContractValidator } from '../src/validation/validator.js'
import { CredentialRegistry } from './auth/credentials.js'
import { SandboxRegistry } from './sandboxes/sandbox-registry.js'
import { seedSandbox } from './sandboxes/seed-sandbox.js'
import { resolveConfig, type MockConfig, type MockConfigInput } from './config.js'
import { FaultRegistry } from './control/faults.js'
import { LatencySettings } from './control/latency.js'
import { RequestJournal } from './control/request-journal.js'
import { createLogger } from './logging.js'
import { TokenStore } from './oauth/token-store.js'
import { ProjectRegistry, type ProjectSeeder } from './project-state.js'
import { seedProjects } from './seed/seed-projects.js'

export type SpecDocument = Awaited<ReturnType<typeof loadSpec>>

/** Everything the app and its handlers need, built once per mock instance and passed down explicitly. */
export interface MockDeps {
  /** Live settings; the control API may change generationRate and latency while running. */
  config: MockConfig
  clock: Clock
  ids: IdSource
  logger: Logger
  spec: SpecDocument
  validator: ContractValidator
  projects: ProjectRegistry
  credentials: CredentialRegistry
  tokens: TokenStore
  faults: FaultRegistry
  latency: LatencySettings
  /** Waits the injected latency; tests pass one that records the wait instead of sleeping. */
  delay: (ms: number) => Promise<void>
  journal: RequestJournal
  /** Isolated projects with their own keys (`/_mock/sandboxes`). */
  sandboxes: SandboxRegistry
  /** The settings at start, which a reset restores (the control API may change the live ones). */
  baseline: Readonly<{ generationRate: number; latencyMs: number }>
}

export interface MockDepsOverrides {
  clock?: Clock
  delay?: (ms: number) => Promise<void>
  ids?: IdSource
  validator?: ContractValidator
  logger?: Logger
  /** Replaces the fixture loading (e.g. an empty project set for a focused test). */
  seeder?: ProjectSeeder
  specPath?: string
}

// Compiling every schema of the spec is the costly part of a new mock; the validator holds no
// per-instance state, so one per spec document is shared (a test file builds many apps).
const validators = new WeakMap<object, ContractValidator>()
let latestValidator: ContractValidator | undefined

/** The validator of the most recently built mock (test helpers check responses with it). */
export const lastValidator = (): ContractValidator | undefined => latestValidator

export function createClock(kind: MockConfig['clock']): ManualClock | OffsetClock {
  return kind === 'manual' ? new ManualClock(FIXTURE_EPOCH) : new OffsetClock()
}

/** Loads the spec (once), builds the stores of every project and applies the fixtures. */
export async function createMockDeps(input: MockConfig | MockConfigInput = {}, overrides: MockDepsOverrides = {}): Promise<MockDeps> {
  const config = resolveConfig(input)
  const spec = await loadSpec(overrides.specPath ?? specPath())
  let validator = overrides.validator ?? validators.get(spec)
  if (!validator) {
    validator = createContractValidator(spec)
    validators.set(spec, validator)
  }
  latestValidator = validator
  const clock = overrides.clock ?? createClock(config.clock)
  const ids = overrides.ids ?? randomIds()
  const faults = new FaultRegistry()
  const projectInfos = config.credentials.projects.map((p) => ({ id: p.projectId, name: p.projectName }))
  const seeder = overrides.seeder ?? ((registry: ProjectRegistry) => seedProjects(registry, config))
  const projects = new ProjectRegistry(projectInfos, { clock, ids, config, faults }, seeder)
  await projects.reset()
  const credentials = new CredentialRegistry(config.credentials)
  const sandboxes = new SandboxRegistry({ projects, credentials, clock, seed: (project) => seedSandbox(project, config) })
  return {
    config,
    clock,
    ids,
    logger: overrides.logger ?? createLogger(config.logLevel),
    spec,
    validator,
    projects,
    credentials,
    tokens: new TokenStore({ clock, ttlSeconds: () => config.tokenTtlSeconds }),
    faults,
    latency: new LatencySettings(config.latencyMs),
    delay: overrides.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    journal: new RequestJournal(),
    sandboxes,
    baseline: { generationRate: config.generationRate, latencyMs: config.latencyMs },
  }
}
