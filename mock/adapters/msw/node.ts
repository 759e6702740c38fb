// `promokit/msw` in Node (the package's `node` export condition): the same handlers, answering with the
// build's precompiled validators unless given a spec: an operation's first call then costs milliseconds
// instead of compiling its schemas (85–98 ms for createCampaign). Bundlers for the browser take index.ts.
import { loadCompiledSpec } from '../../../src/validation/validator.js'
import { createMockHandlers as createHandlers, type MockHandlers, type MockHandlersOptions } from './create-handlers.js'

export { DEFAULT_BASE_URL, type MockHandlers, type MockHandlersOptions } from './create-handlers.js'

/**
 * MSW 2 request handlers answering every request under `baseUrl` with the mock (see mock/adapters/msw/create-handlers.ts).
 * @example
 * const handlers = createMockHandlers({ clock: 'manual' })
 * setupServer(...handlers).listen()
 */
export function createMockHandlers(options: MockHandlersOptions = {}): MockHandlers {
  return createHandlers({ ...options, spec: options.spec ?? loadCompiledSpec() })
}
