import { afterAll, beforeAll } from 'vitest'
import { createMockServer, type MockServer } from '../../mock/adapters/node-server.js'
import { loadSuite, type Suite } from '../suite.js'

/**
 * For a test file that runs the contract suite against an in-process mock: the suite is loaded and the
 * mock started once before its tests, and the mock closed after them. Read `suite` and `mock` inside tests.
 */
export function useSuiteAndMock(): { readonly suite: Suite; readonly mock: MockServer } {
  const held = {} as { suite: Suite; mock: MockServer }
  beforeAll(async () => {
    held.suite = await loadSuite()
    held.mock = await createMockServer()
  })
  afterAll(() => held.mock?.close())
  return held
}
