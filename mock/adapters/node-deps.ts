import { createRequire } from 'node:module'
import { loadFixtureSet } from '../../fixtures/load.js'
import { defaultFixtureSet } from '../../fixtures/default-set.js'
import type { FixtureSet } from '../../fixtures/types.js'
import type { Clock } from '../../src/clock.js'
import type { IdSource } from '../../src/ids.js'
import { loadCompiledSpec, type CompiledSpec } from '../../src/validation/validator.js'
import { resolveConfig, type MockConfig, type MockConfigInput } from '../engine/config.js'
import { buildMockDeps, type MockDeps } from '../engine/mock-deps.js'
import { createLogger } from './logging.js'
import type { LogSink } from '../engine/pipeline/request-log.js'
import type { QsParser } from '../engine/pipeline/query-parser.js'
import type { ProjectSeeder } from '../engine/project-state.js'
import { keepYoungGenerationSmall } from '../engine/seed/gc-young-generation.js'

const require = createRequire(import.meta.url)
// qs and the ~50 small modules it loads only when a request needs it (a nested query, a form body): ~25 ms of start-up.
const loadQs = (): QsParser => require('qs') as QsParser

export { createClock, type MockDeps, type SpecDocument } from '../engine/mock-deps.js'

export interface MockDepsOverrides {
  clock?: Clock
  delay?: (ms: number) => Promise<void>
  ids?: IdSource
  /**
   * The compiled spec to use instead of compiling one for this mock. It holds no state, but a mock shares
   * nothing it was not given: pass one only to save the compile (test helpers build many mocks).
   */
  spec?: CompiledSpec
  logger?: LogSink
  /** Replaces the fixture loading (e.g. an empty project set for a focused test). */
  seeder?: ProjectSeeder
  specPath?: string
}

/** Node: loads the spec and the fixtures from disk (or the bundled ones), logs with pino, then builds the deps. */
export async function createMockDeps(input: MockConfig | MockConfigInput = {}, overrides: MockDepsOverrides = {}): Promise<MockDeps> {
  const config = resolveConfig(input)
  const { doc, validator } = overrides.spec ?? (await loadCompiledSpec(overrides.specPath))
  return buildMockDeps({
    config,
    spec: doc,
    validator,
    fixtures: fixtureSource(config.fixturesDir),
    qs: loadQs,
    clock: overrides.clock,
    ids: overrides.ids,
    logger: overrides.logger ?? createLogger(config.logLevel),
    delay: overrides.delay,
    seeder: overrides.seeder,
    campaignSeeding: keepYoungGenerationSmall,
  })
}

/** A user's directory is read again on every reset (edits to its files show up); the bundled set is data, checked once per mock. */
function fixtureSource(dir: string | undefined): () => FixtureSet {
  if (dir) return () => loadFixtureSet(dir)
  let bundled: FixtureSet | undefined
  return () => (bundled ??= defaultFixtureSet())
}
