import { http, type HttpHandler } from 'msw'
import type { Clock } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { MockConfigInput } from '../../engine/config.js'
import type { Mock } from '../../create-mock.js'
import type { MockDeps } from '../../engine/mock-deps.js'
import { fromFetchRequest, toFetchResponse } from '../../engine/pipeline/fetch.js'
import type { LogSink } from '../../engine/pipeline/request-log.js'
import { createPortableMock, type PortableMockOptions } from '../portable.js'
import type { OperationHandlers } from '../../engine/handler-types.js'

/** The served mock's default address: an app configured for `promokit mock` works unchanged with the handlers. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010'

export interface MockHandlersOptions {
  /**
   * Where the app under test sends its API requests (default `http://127.0.0.1:4010`). A path
   * (`/api`) is resolved by MSW against the page's origin; a path part is taken off before routing.
   */
  baseUrl?: string
  /**
   * The seed data, in the shape of fixtures/default (one key per file: `{ campaigns: { proj_…: [...] }, … }`);
   * checked like `POST /_mock/fixtures`. Default: the bundled set. In Node, `loadFixtureSet(dir)` from `promokit` reads a directory.
   */
  fixtures?: unknown
  /** Seed of the generated data (`config.seedCampaigns` campaigns; same seed, same data). */
  seed?: number
  /** `system` (default): wall clock plus advances, jobs progress while the page is open; `manual`: time moves only when told; or a Clock of your own. */
  clock?: 'system' | 'manual' | Clock
  /** Ids of created resources (default random, as the served mock's); `sequentialIds()` gives stable ones for snapshots. */
  ids?: IdSource
  /** Any other setting of the served mock (credentials, generation rate, rate limits, …). */
  config?: MockConfigInput
  /**
   * Replaces or adds operation handlers, as createMockServer's `handlers`. In one, `await ctx.defaultAnswer()`
   * gives the built-in answer, to pass on (`return ctx.defaultAnswer()`) or adjust. What a handler answers is
   * checked against the spec: an answer it does not allow is a 500 naming the operation and the field.
   */
  handlers?: OperationHandlers
  /** `false`: serve what custom handlers answer unchecked. */
  validateHandlers?: boolean
  /**
   * Where unexpected errors (a handler of yours that threw) and, at a lower level, request lines go: anything
   * with pino's `info`/`warn`/`error` (pino itself fits). Default: unexpected errors, with their stack, to the console.
   */
  logger?: LogSink
  /**
   * A compiled spec instead of compiling the bundled one as operations are first called. In Node, `promokit/msw`
   * passes the build's precompiled validators (`loadCompiledSpec()` from `promokit`) unless you give one.
   */
  spec?: PortableMockOptions['spec'] | Promise<NonNullable<PortableMockOptions['spec']>>
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
  /** The mock behind the handlers, once built (`handle`, `control`, `deps`). */
  mock: Promise<Mock>
}

/**
 * MSW 2 request handlers answering every request under `baseUrl` with the platform-neutral mock
 * (mock/adapters/portable.ts: spec and fixtures as data, no Node built-in), through the mock's one core: the
 * same stores, validation, errors and control API (`/_mock/...`) as the served mock, inside the test
 * process or the page. Network faults (reset, abort, hang) become a network error, the one thing a
 * Fetch Response can say about them.
 * @example
 * const handlers = createMockHandlers({ clock: 'manual' })
 * setupServer(...handlers).listen()            // or: await setupWorker(...handlers).start()
 * await fetch('http://127.0.0.1:4010/v1/campaigns', { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })
 * await handlers.advance(5_000)
 */
export function createMockHandlers(options: MockHandlersOptions = {}): MockHandlers {
  const base = splitBase(options.baseUrl ?? DEFAULT_BASE_URL)
  const { fixtures, seed, clock, ids, config, handlers, validateHandlers, logger } = options
  const mock: Promise<Mock> = Promise.resolve(options.spec).then((spec) =>
    createPortableMock({ fixtures, seed, clock, ids, config, handlers, validateHandlers, logger, spec }),
  )
  const ready = mock.then((built) => built.deps)
  // the error reaches whoever awaits `ready` and every request; no unhandled rejection before that
  ready.catch(() => undefined)
  const handler = http.all(`${base.pattern}/*`, async ({ request }) => {
    const built = await mock
    const origin = pageOriginFor(request)
    if (!base.path && origin === undefined) return built.handle(request)
    // under a path prefix, or for a page's cross-origin request, the same mock is asked (run) with what the network would carry
    return answerDirectly(built, request, base.path, origin)
  })
  // the mock's own control operations, once it is built
  const controls = {
    ready,
    mock,
    reset: async () => (await mock).control.reset(),
    advance: async (ms: number) => (await mock).control.advance(ms),
    finishJobs: async () => (await mock).control.finishJobs(),
  }
  return Object.assign([handler], controls)
}

/** The URL pattern MSW matches and the path part the mock's routes do not have (`/api` of `http://host/api`). */
function splitBase(baseUrl: string): { pattern: string; path: string } {
  const pattern = baseUrl.replace(/\/+$/, '')
  const path = URL.canParse(pattern) ? new URL(pattern).pathname.replace(/\/+$/, '') : pattern
  return { pattern, path }
}

/**
 * The page's origin when a browser would have sent it: a cross-origin request carries an `Origin`
 * header on the network, but the copy a service worker hands to MSW has none (a page may not set it).
 * The mock needs it for what it checks per origin (a client key's allowed origins). Undefined in Node.
 */
function pageOriginFor(request: Request): string | undefined {
  const page = (globalThis as { location?: { origin?: string } }).location?.origin
  if (!page || page === 'null' || request.headers.has('origin')) return undefined
  return new URL(request.url).origin === page ? undefined : page
}

/**
 * The answer through the core's own request shape: under `http://host/api` routes see `/v1/...` and URLs
 * the mock builds (export downloads) keep `/api`; a page's cross-origin request gets its `Origin`.
 */
async function answerDirectly(core: Pick<Mock, 'run'>, request: Request, basePath: string, pageOrigin: string | undefined): Promise<Response> {
  const url = new URL(request.url)
  const incoming = fromFetchRequest(request)
  const rebased = {
    ...incoming,
    url: `${url.pathname.slice(basePath.length) || '/'}${url.search}`,
    origin: `${url.origin}${basePath}`,
    headers: pageOrigin === undefined ? incoming.headers : { ...incoming.headers, origin: pageOrigin },
  }
  const outcome = await core.run(rebased)
  if ('passed' in outcome) throw new TypeError('The mock core passed on a request although no site app is mounted')
  return toFetchResponse(outcome)
}
