// The page script of msw-worker.test.ts, bundled for the browser: what a Storybook preview or a
// browser component test does with `promokit/msw` (no mock server anywhere).
import { setupWorker } from 'msw/browser'
import { createMockHandlers, type MockHandlers, type MockHandlersOptions } from '../../mock/adapters/msw/index.js'

export async function startMock(options: MockHandlersOptions): Promise<MockHandlers> {
  const handlers = createMockHandlers(options)
  const worker = setupWorker(...handlers)
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } })
  await handlers.ready
  return handlers
}
