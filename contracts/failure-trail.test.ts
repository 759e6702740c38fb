import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import type { Check } from './check.js'
import { DELIBERATELY_WRONG, toCurl } from './curl.js'
import { printReport } from './reporters/console.js'
import { runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'

let mock: MockServer
let suite: Suite
beforeAll(async () => {
  ;[mock, suite] = await Promise.all([createMockServer(), loadSuite()])
})
afterAll(() => mock?.close())

/** A check that writes, then fails on what it reads back: the shape of every "effect" check (redeem, then read the balance). */
const readBackCheck: Check = {
  id: 'trail.read-back',
  title: 'a category created is read back with another name',
  operationIds: ['createCategory', 'getCategory'],
  readOnly: false,
  async run(ctx) {
    const created = await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name: `${ctx.prefix}trail`, hierarchy: 1 } }, { status: 200 })
    const id = (created.response.body as { id: string }).id
    const read = await ctx.call({ operationId: 'getCategory', method: 'GET', path: `/v1/categories/${id}` }, { status: 200 })
    ctx.expectField(read, '/name', 'not the name sent', 'the read-back shows the name the create sent')
  },
}

describe('a failure shows the request that caused it', () => {
  it('lists the check\'s state-changing requests before the failing read-back, in the report and on the console', async () => {
    const { appId, appToken } = mock.credentials
    const report = await runSuite({ baseUrl: mock.url, credentials: { appId, appToken }, isMock: true, validator: suite.validator, checks: [readBackCheck] })
    const failure = report.results[0].failure!
    expect(failure.curl).toMatch(/^curl -X GET \S+\/v1\/categories\/cat_/)
    expect(failure.before).toHaveLength(1)
    expect(failure.before![0]).toMatch(/^curl -X POST \S+\/v1\/categories .*--data/)
    expect(failure.before![0]).toContain('X-App-Token: ****')
    let text = ''
    printReport({ write: (t) => void (text += t) }, report)
    expect(text).toMatch(/ {3}after: curl -X POST [^\n]+\n {3}request: curl -X GET/)
  })

  it('says when a credential in the curl line is wrong on purpose, and still masks real ones', () => {
    const line = toCurl({ method: 'GET', url: 'https://x.example/v1/campaigns', headers: { 'X-App-Id': 'app', 'X-App-Token': DELIBERATELY_WRONG } })
    expect(line).toContain(`'X-App-Token: ${DELIBERATELY_WRONG}'`)
    expect(line).toMatch(/# X-App-Token deliberately wrong: the check sends it on purpose$/)
    const real = toCurl({ method: 'GET', url: 'https://x.example/v1/campaigns', headers: { 'X-App-Token': 'secret-123', Authorization: 'Bearer tok' } })
    expect(real).not.toContain('secret-123')
    expect(real).not.toContain('tok\'')
    expect(real).not.toContain('deliberately')
  })
})
