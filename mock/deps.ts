import { loadFixtureSet } from '../fixtures/load.js'
import { defaultFixtureSet } from '../fixtures/default-set.js'
import type { FixtureSet } from '../fixtures/types.js'
import type { Clock } from '../src/clock.js'
import type { IdSource } from '../src/ids.js'
import { specPath } from '../src/paths.js'
import { loadSpec } from '../src/spec/load-spec.js'
import { createContractValidator, type ContractValidator } from '../src/validation/validator.js'
import { resolveConfig, type MockConfig, type MockConfigInput } from './config.js'
import { buildMockDeps, type MockDeps } from './deps-core.js'
import { createLogger } from './logging.js'
import type { LogSink } from './pipeline/request-log.js'
import type { ProjectSeeder } from './project-state.js'
import { steadyNursery } from './seed/steady-nursery.js'

export { createClock, type MockDeps, type SpecDocument } from './deps-core.js'

export interface MockDepsOverrides {
  clock?: Clock
  delay?: (ms: number) => Promise<void>
  ids?: IdSource
  validator?: ContractValidator
  logger?: LogSink
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

/** Node: loads the spec and the fixtures from disk (or the bundled ones), logs with pino, then builds the deps. */
export async function createMockDeps(input: MockConfig | MockConfigInput = {}, overrides: MockDepsOverrides = {}): Promise<MockDeps> {
  const config = resolveConfig(input)
  const spec = await loadSpec(overrides.specPath ?? specPath())
  let validator = overrides.validator ?? validators.get(spec)
  if (!validator) {
    validator = createContractValidator(spec)
    validators.set(spec, validator)
  }
  latestValidator = validator
  return buildMockDeps({
    config,
    spec,
    validator,
    fixtures: fixtureSource(config.fixturesDir),
    clock: overrides.clock,
    ids: overrides.ids,
    logger: overrides.logger ?? createLogger(config.logLevel),
    delay: overrides.delay,
    seeder: overrides.seeder,
    campaignSeeding: steadyNursery,
  })
}

/** A user's directory is read again on every reset (edits to its files show up); the bundled set is data, checked once per mock. */
function fixtureSource(dir: string | undefined): () => FixtureSet {
  if (dir) return () => loadFixtureSet(dir)
  let bundled: FixtureSet | undefined
  return () => (bundled ??= defaultFixtureSet())
}
