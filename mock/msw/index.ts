// `promokit/msw`: the mock as MSW 2 request handlers, for setupServer (Node tests) and setupWorker (the browser).
import { resolveConfig } from '../config.js'
import { createMockDeps } from '../deps.js'
import type { ProjectRegistry } from '../project-state.js'
import { seedProjects } from '../seed/seed-projects.js'
import { buildMockHandlers, type MockHandlers, type MockHandlersOptions } from './create-handlers.js'

export { DEFAULT_BASE_URL, type MockHandlers, type MockHandlersOptions } from './create-handlers.js'

/**
 * MSW handlers serving the whole mock under `baseUrl` (default `http://127.0.0.1:4010`).
 * @example
 * const handlers = createMockHandlers({ clock: 'manual' })
 * const server = setupServer(...handlers)
 * server.listen()
 * await fetch('http://127.0.0.1:4010/v1/campaigns', { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })
 * await handlers.advance(5_000)
 */
export function createMockHandlers(options: MockHandlersOptions = {}): MockHandlers {
  return buildMockHandlers(async ({ fixtures, seed, clock, ids, config }) => {
    const kind = typeof clock === 'string' ? clock : 'manual'
    const input = { logLevel: 'silent' as const, ...config, clock: kind, ...(seed === undefined ? {} : { seed }), ...(typeof fixtures === 'string' ? { fixturesDir: fixtures } : {}) }
    // a fixture set in memory (the browser has no files) replaces the one the config names
    const settings = resolveConfig(input)
    const seeder = typeof fixtures === 'object' ? (registry: ProjectRegistry) => seedProjects(registry, settings, fixtures) : undefined
    return createMockDeps(settings, { clock: typeof clock === 'object' ? clock : undefined, ids, seeder })
  }, options)
}
