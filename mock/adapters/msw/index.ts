// `promokit/msw`: the mock as MSW 2 request handlers, for setupServer (Node tests) and setupWorker (the browser).
// Platform-neutral: nothing in its import graph needs Node (test/browser/msw-bundle.test.ts).
export { createMockHandlers, DEFAULT_BASE_URL, type MockHandlers, type MockHandlersOptions } from './create-handlers.js'
