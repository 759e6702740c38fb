import type { Express } from 'express'
import supertest from 'supertest'
import { FIXTURE_EPOCH, ManualClock } from '../../src/clock.js'
import { sequentialIds, type IdSource } from '../../src/ids.js'
import { createMockApp, type MockAppOptions } from '../adapters/express-app.js'
import { createMock, type Mock } from '../create-mock.js'
import { createMockListener } from '../adapters/node-listener.js'
import type { MockConfigInput } from '../engine/config.js'
import { createMockDeps, type MockDeps } from '../adapters/node-deps.js'
import type { ProjectSeeder } from '../engine/project-state.js'
import { useValidator } from './expect-contract.js'
import { sharedSpec } from './shared-spec.js'

export interface TestAppOptions extends MockAppOptions {
  config?: MockConfigInput
  ids?: IdSource
  /** Start time of the manual clock; the fixture epoch by default. */
  now?: number | string
  /** A clock of the test's own (e.g. one that moves on every read, as a loaded machine's does). */
  clock?: ManualClock
  /** Replaces the fixtures (e.g. `() => {}` for empty projects). */
  seeder?: ProjectSeeder
  /** Replaces the wait for injected latency (e.g. one that records the wait and resolves at once). */
  delay?: (ms: number) => Promise<void>
}

export type TestHeaders = Record<string, string>

export interface TestApp {
  /** The Express app over `mock` (tests of mounting it in a host app). */
  app: Express
  /** The one mock the app and `request` both serve. */
  mock: Mock
  deps: MockDeps
  clock: ManualClock
  /** Ready-made credentials: project A's app keys, project B's app keys, management keys. */
  headers: { app: TestHeaders; appB: TestHeaders; management: TestHeaders }
  request: ReturnType<typeof supertest>
}

/** A fresh mock per test: manual clock at the fixture epoch, sequential ids, fixtures applied, logs silent. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? new ManualClock(options.now ?? FIXTURE_EPOCH)
  const deps = await createMockDeps(
    { logLevel: 'silent', clock: 'manual', ...options.config },
    { clock, ids: options.ids ?? sequentialIds(), seeder: options.seeder, delay: options.delay, spec: await sharedSpec() },
  )
  useValidator(deps.validator)
  // requests go through the listener the served mock uses; `app` is the Express app for tests of that path: both over one mock
  const mock = createMock(deps, { ...options, site: true })
  const app = createMockApp(mock)
  const listener = createMockListener(mock)
  const [a, b] = deps.config.credentials.projects
  const { management } = deps.config.credentials
  return {
    app,
    mock,
    deps,
    clock,
    headers: {
      app: { 'X-App-Id': a.appId, 'X-App-Token': a.appToken },
      appB: b ? { 'X-App-Id': b.appId, 'X-App-Token': b.appToken } : {},
      management: { 'X-Management-Id': management.id, 'X-Management-Token': management.token },
    },
    request: supertest(listener),
  }
}

/** The two HTTP front doors of a served mock, for tests that must hold on both: the node:http listener `promokit mock` ships, and the Express mount. */
export const MOUNTS = [
  ['the node:http listener', (t: TestApp) => t.request],
  ['the Express mount', (t: TestApp) => supertest(t.app)],
] as const
