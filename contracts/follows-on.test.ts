import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import type { Check } from './check.js'
import { runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'

let mock: MockServer
let suite: Suite
beforeAll(async () => {
  ;[mock, suite] = await Promise.all([createMockServer(), loadSuite()])
})
afterAll(() => mock?.close())

// A documented alternative is noted after the answer that showed it: the report says which operation that was,
// so the fidelity matrix lists it on that operation and not on the create the check made on the way.
const check: Check = {
  id: 'follows.where',
  title: 'notes what the list showed, after creating a category',
  operationIds: ['createCategory', 'listCategories'],
  readOnly: false,
  async run(ctx) {
    await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name: `${ctx.prefix}follows`, hierarchy: 1 } }, { status: 200 })
    await ctx.call({ operationId: 'listCategories', method: 'GET', path: '/v1/categories' }, { status: 200 })
    ctx.follows('categories listed: the new one included')
  },
}

describe('follows', () => {
  it('names the operation of the answer that showed each documented alternative', async () => {
    const { appId, appToken } = mock.credentials
    const report = await runSuite({ baseUrl: mock.url, credentials: { appId, appToken }, isMock: true, validator: suite.validator, checks: [check] })
    expect(report.results[0]).toMatchObject({ status: 'passed', follows: ['categories listed: the new one included'], followsOn: { 'categories listed: the new one included': 'listCategories' } })
  })
})
