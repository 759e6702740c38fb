import qs from 'qs'
import { parseFixtureSet } from '../../fixtures/parse.js'
import { defaultFixtureSet } from '../../fixtures/default-set.js'
import type { FixtureSet } from '../../fixtures/types.js'
import type { Clock } from '../../src/clock.js'
import type { IdSource } from '../../src/ids.js'
import { decodeGraph } from '../../src/spec/graph-json.js'
import type { OpenApiDocument } from '../../src/spec/load-spec.js'
import { OPENAPI_GRAPH } from '../../src/spec/openapi-graph.js'
import { ajvModules } from '../../src/validation/ajv-modules.js'
import { buildContractValidator, type ContractValidator } from '../../src/validation/validator-core.js'
import { resolveConfig, type MockConfigInput } from '../engine/config.js'
import { createMock, type Mock, type MockControl, type MockOptions } from '../create-mock.js'
import { buildMockDeps } from '../engine/mock-deps.js'
import { consoleErrors, type LogSink } from '../engine/pipeline/request-log.js'

export interface PortableMockOptions {
  /** Settings as for the served mock (credentials, latency, caches, …); `fixturesDir` is Node-only and ignored. */
  config?: MockConfigInput
  /** A fixture set in the shape of fixtures/default (one key per file, e.g. `{ campaigns: { proj_…: [...] } }`), checked like `POST /_mock/fixtures`; default: the bundled set. */
  fixtures?: unknown
  /** Seed of the generated data (`config.seed`). */
  seed?: number
  /** `manual`: time moves only through `control.advance`; `system` (default): wall clock plus advances; or a Clock of your own. */
  clock?: 'manual' | 'system' | Clock
  ids?: IdSource
  /** Where request lines and unexpected errors go (anything with pino's `info`/`warn`/`error`); default: unexpected errors, with their stack, to the console. */
  logger?: LogSink
  /** Waits the injected latency (default: a timer). */
  delay?: (ms: number) => Promise<void>
  /** Replaces or adds operation handlers; in one, `ctx.defaultAnswer()` gives the built-in answer to pass on or adjust. */
  handlers?: MockOptions['handlers']
  /** `false`: what custom handlers answer is served unchecked (by default an answer the spec does not allow is a 500 naming the field). */
  validateHandlers?: boolean
  /**
   * A compiled spec to use instead of the bundled one compiled for this mock: in Node, `loadCompiledSpec()`
   * (promokit) gives one with the build's precompiled validators. Sharing one between mocks is the caller's choice.
   */
  spec?: { doc: OpenApiDocument; validator: ContractValidator }
}

/**
 * What tests and tools do to a portable mock without going through `/_mock` requests.
 * @deprecated The same for every entry point now: use `MockControl`.
 */
export type PortableControl = MockControl

/** A mock built from data: `handle(request)` gives the same answers, byte for byte, as the served mock. */
export type PortableMock = Mock

/**
 * The mock without Node: spec and fixtures come as data, state lives in the returned instance, and
 * requests are Fetch API `Request`s (browsers, service workers, MSW, edge runtimes, Node's own fetch).
 * Nothing in its import graph uses a Node built-in, Express or pino (test/package/browser-bundle.test.ts).
 * @example
 * const mock = await createPortableMock({ clock: 'manual' })
 * const res = await mock.handle(new Request('http://mock.local/v1/campaigns', { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } }))
 */
export async function createPortableMock(options: PortableMockOptions = {}): Promise<PortableMock> {
  const clockKind = typeof options.clock === 'string' ? options.clock : undefined
  const config = resolveConfig({ ...options.config, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(clockKind ? { clock: clockKind } : {}), fixturesDir: undefined })
  const { doc, validator } = options.spec ?? compileBundledSpec()
  const fixtures = fixtureSource(options.fixtures)
  const deps = await buildMockDeps({
    config,
    spec: doc,
    validator,
    fixtures,
    qs: () => qs,
    clock: typeof options.clock === 'object' ? options.clock : undefined,
    ids: options.ids,
    logger: options.logger ?? consoleErrors,
    delay: options.delay,
  })
  return createMock(deps, { handlers: options.handlers, validateHandlers: options.validateHandlers })
}

/** The bundled spec, decoded for this instance alone; its schemas compile as operations are first called. */
export function compileBundledSpec(): { doc: OpenApiDocument; validator: ContractValidator } {
  const doc = decodeGraph<OpenApiDocument>(OPENAPI_GRAPH)
  return { doc, validator: buildContractValidator(doc, undefined, { checkAll: false, ajv: ajvModules }) }
}

/** A given set is checked once (a broken one fails here, naming the part and field); the bundled one too. */
function fixtureSource(raw: unknown): () => FixtureSet {
  const set = raw === undefined ? defaultFixtureSet() : parseFixtureSet(structuredClone(raw))
  return () => set
}

export { createMock, type Mock, type MockControl, type MockOptions } from '../create-mock.js'
