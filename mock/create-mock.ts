import type { MockCredentials } from './engine/config.js'
import { advanceClock, finishJobs } from './control/clock-control.js'
import type { ControlHooks } from './control/control-routes.js'
import { resetMock } from './control/reset.js'
import type { MockDeps } from './engine/mock-deps.js'
import { createMockCore, type MockCore } from './engine/pipeline/core.js'
import type { OperationHandlers } from './engine/handler-types.js'

export interface MockOptions {
  /** Replaces or adds handlers (tests of one resource, or a user's own overrides); `ctx.defaultAnswer()` gives the built-in answer. */
  handlers?: OperationHandlers
  control?: ControlHooks
  /**
   * `false`: what a custom handler answers is served unchecked. By default an answer the spec does not
   * allow (e.g. `{ foo: 1 }` for a campaign) becomes a 500 naming the operation and the field.
   */
  validateHandlers?: boolean
  /** The adapter serves the site's pages itself (Node): `run` hands their requests back as `{ passed }`. */
  site?: boolean
}

/** What tests and tools do to a mock without going through `/_mock` requests; each is the control API's own operation. */
export interface MockControl {
  credentials: MockCredentials
  /** Restores the fixtures and the clock's start; clears sandboxes, tokens, faults, latency and the request journal. */
  reset(): Promise<void>
  /** Moves a manual (or offset) clock forward. */
  advance(ms: number): void
  /** Moves the clock past every pending generation and export; returns the ms moved. */
  finishJobs(): number
  /** The instance's stores, clock and settings (all of its state lives here). */
  deps: MockDeps
}

/** One mock: its state, its one request core, its control. Every entry point is an adapter around one of these. */
export interface Mock {
  /** Answers a Fetch API request (MSW, service workers, edge runtimes, Node's own fetch). */
  handle(request: Request): Promise<Response>
  /** Answers a request in the core's own shape (the node:http and Express adapters, MSW under a base path). */
  run: MockCore['run']
  /** Logs a request the adapter's site app answered. */
  logPassed: MockCore['logPassed']
  control: MockControl
  deps: MockDeps
}

/**
 * The one constructor of a mock over built deps (mock/adapters/node-deps.ts in Node, mock/adapters/portable.ts anywhere):
 * the node:http listener, the Express app, the MSW handlers, createMockServer and the test app all
 * wrap what it returns, so there is one core per mock and each control operation is defined here once.
 * The whole deps, on purpose: it builds the core over all of them and exposes them as `mock.deps`.
 */
export function createMock(deps: MockDeps, options: MockOptions = {}): Mock {
  const core = createMockCore(deps, options)
  return {
    handle: core.handle,
    run: core.run,
    logPassed: core.logPassed,
    control: {
      credentials: deps.config.credentials,
      reset: () => resetMock(deps),
      advance: (ms) => advanceClock(deps.clock, ms),
      finishJobs: () => finishJobs(deps.clock, deps.projects),
      deps,
    },
    deps,
  }
}

/** A Mock, as opposed to the deps of one (the adapters take either; deps get a mock of their own). */
export const isMock = (source: MockDeps | Mock): source is Mock => typeof (source as Partial<Mock>).run === 'function' && 'control' in source
