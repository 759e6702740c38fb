import { http, type HttpHandler } from 'msw'
import type { Clock } from '../../src/clock.js'
import type { IdSource } from '../../src/ids.js'
import type { FixtureSet } from '../../fixtures/types.js'
import type { MockConfigInput } from '../config.js'
import { advanceClock, finishJobs } from '../control/clock-control.js'
import { resetMock } from '../control/reset.js'
import type { MockDeps } from '../deps.js'
import { createMockCore, type MockCore } from '../pipeline/core.js'
import { fromFetchRequest, toFetchResponse } from '../pipeline/fetch.js'
import type { OperationHandlers } from '../types.js'

/** The served mock's default address: an app configured for `promokit mock` works unchanged with the handlers. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010'

export interface MockHandlersOptions {
  /**
   * Where the app under test sends its API requests (default `http://127.0.0.1:4010`). A path
   * (`/api`) is resolved by MSW against the page's origin; a path part is taken off before routing.
   */
  baseUrl?: string
  /** The seed data: a fixture set (the shape of the files in fixtures/), or a directory of fixture files (Node only). */
  fixtures?: FixtureSet | string
  /** Seed of the generated data (`config.seedCampaigns` campaigns; same seed, same data). */
  seed?: number
  /** `system` (default): wall clock plus advances, jobs progress while the page is open; `manual`: time moves only when told; or a Clock of your own. */
  clock?: 'system' | 'manual' | Clock
  /** Ids of created resources (default random, as the served mock's); `sequentialIds()` gives stable ones for snapshots. */
  ids?: IdSource
  /** Any other setting of the served mock (credentials, generation rate, rate limits, …). */
  config?: MockConfigInput
  /** Replaces or adds operation handlers, as createMockServer's `handlers`. */
  handlers?: OperationHandlers
}

/** The handlers (spread them into setupServer/setupWorker) and the mock behind them. */
export interface MockHandlers extends Array<HttpHandler> {
  /** Resolves when the spec is compiled and the fixtures applied (the first request waits for it anyway). */
  ready: Promise<MockDeps>
  /** Restores the fixtures and clears sandboxes, tokens, faults, latency and the journal (`POST /_mock/reset`). */
  reset(): Promise<void>
  /** Moves a manual (or offset) clock forward. */
  advance(ms: number): Promise<void>
  /** Moves the clock past every pending generation and export; resolves to the ms moved. */
  finishJobs(): Promise<number>
}

/** How the MSW entries build a mock: Node reads the spec and fixtures from files, the browser entry has them bundled. */
export type DepsFactory = (options: MockHandlersOptions) => Promise<MockDeps>

/**
 * MSW 2 request handlers answering every request under `baseUrl` with the mock's one core
 * (mock/pipeline/core.ts): the same stores, validation, errors and control API (`/_mock/...`) as
 * the served mock, inside the test process or the page. Network faults (reset, abort, hang) become
 * a network error, the one thing a Fetch Response can say about them.
 */
export function buildMockHandlers(createDeps: DepsFactory, options: MockHandlersOptions): MockHandlers {
  const base = splitBase(options.baseUrl ?? DEFAULT_BASE_URL)
  const ready = createDeps(options)
  // the error reaches whoever awaits `ready` and every request; no unhandled rejection before that
  ready.catch(() => undefined)
  let core: MockCore | undefined
  const coreOf = async (): Promise<MockCore> => (core ??= createMockCore(await ready, { handlers: options.handlers }))
  const handler = http.all(`${base.pattern}/*`, async ({ request }) => answer(await coreOf(), request, base.path))
  const controls = {
    ready,
    reset: async () => resetMock(await ready),
    advance: async (ms: number) => advanceClock((await ready).clock, ms),
    finishJobs: async () => {
      const deps = await ready
      return finishJobs(deps.clock, deps.projects)
    },
  }
  return Object.assign([handler], controls)
}

/** The URL pattern MSW matches and the path part the mock's routes do not have (`/api` of `http://host/api`). */
function splitBase(baseUrl: string): { pattern: string; path: string } {
  const pattern = baseUrl.replace(/\/+$/, '')
  const path = URL.canParse(pattern) ? new URL(pattern).pathname.replace(/\/+$/, '') : pattern
  return { pattern, path }
}

async function answer(core: MockCore, request: Request, basePath: string): Promise<Response> {
  if (!basePath) return core.handle(request)
  // under a path prefix the routes see the path below it, and URLs the mock builds (export downloads) keep the prefix
  const url = new URL(request.url)
  const below = { ...fromFetchRequest(request), url: `${url.pathname.slice(basePath.length) || '/'}${url.search}`, origin: `${url.origin}${basePath}` }
  const outcome = await core.run(below)
  if ('passed' in outcome) throw new TypeError('The mock core passed on a request although no site app is mounted')
  return toFetchResponse(outcome)
}
