import { describe, expect, it } from 'vitest'
import { runSuite } from './runner.js'
import { combine, errorAnswer, onRequest, onResponse } from './testing/variants/rewrites.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'
import { allScopesRequired } from './testing/variants/vendor-variants.js'
import { wrapMock, type Behaviour } from './testing/variants/wrap-mock.js'

// auth.bearer-scopes shares one token with every listed scope among the operations (for a target that wants them
// all at once); a rate-limit wait while it is held (on the mock: a move of the clock) may outlive it. The check must
// ask again with a new one, never fail a correct target.
const CHECK = 'auth.bearer-scopes'
const WAIT_S = 901

const t = useSuiteAndMock()

/** The first request sent with the first token holding `api` is answered 429 once (Retry-After 901 s). */
const refusingOnceAfterEveryScope: Behaviour = combine(
  onResponse('createOAuthToken', (res, _req, ctx) => {
    if (!ctx.state.has('every') && String(res.body?.scope ?? '').split(/\s+/).includes('api')) ctx.state.set('every', res.body.access_token)
  }, 200),
  onRequest('*', (req, ctx) => {
    if (ctx.state.get('refused') || !ctx.state.has('every') || req.headers.authorization !== `Bearer ${ctx.state.get('every')}`) return undefined
    ctx.state.set('refused', true)
    return { ...errorAnswer(429, 'too_many_requests', 'Too many requests'), headers: { 'content-type': 'application/json', 'retry-after': String(WAIT_S) } }
  }),
)

async function run(behaviour: Behaviour) {
  await t.mock.reset()
  const wrapped = await wrapMock(t.mock.url, behaviour, t.suite.validator.operations)
  try {
    const report = await runSuite({
      baseUrl: wrapped.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true, rateLimitWaitMs: WAIT_S * 1000,
      validator: t.suite.validator, checks: t.suite.checks.filter((c) => c.id === CHECK), clock: { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} },
    })
    const result = report.results.find((r) => r.id === CHECK)!
    return { status: result.status, message: result.failure?.problems[0]?.message, follows: result.follows, waitedMs: report.rateLimit!.waitedMs }
  } finally {
    await wrapped.close()
  }
}

describe(`${CHECK} under a rate limit, against a target that wants every listed scope`, () => {
  it('passes when nothing waits', async () => {
    expect(await run(allScopesRequired)).toMatchObject({ status: 'passed', waitedMs: 0, follows: expect.arrayContaining([expect.stringMatching(/every listed scope required/)]) })
  })

  it('asks for a new token with every scope when a 901 s wait outlived the shared one', async () => {
    expect(await run(combine(refusingOnceAfterEveryScope, allScopesRequired))).toMatchObject({ status: 'passed', waitedMs: WAIT_S * 1000 })
  })
})
