import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runSuite } from './runner.js'
import { forwardAnswer, readBody } from './testing/forward-answer.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'

// A rate-limit wait can come between a LOCK validation and the call that must find the credits locked; on the mock
// the wait moves the clock the lock lives on. The check must then say it cannot tell, not fail a correct target.
const CHECK = 'checkout.session-lock-expires'
/** The other check holds its lock an hour; a window of the real service lasts up to an hour too. */
const HOUR_CHECK = 'checkout.session-lock-reserves-code'
const HOUR_AND_A_SECOND_MS = 3_601_000

const t = useSuiteAndMock()

/** In front of the mock: the validation right after the first LOCK validation is answered 429 once (Retry-After `seconds`). */
async function refusingAfterLock(seconds = 30): Promise<{ url: string; close(): Promise<void> }> {
  let locked = false
  let refused = false
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    if (req.url === '/v1/validations' && locked && !refused) {
      refused = true
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(seconds) })
      res.end(JSON.stringify({ code: 429, key: 'too_many_requests', message: 'Too many requests' }))
      return
    }
    if (req.url === '/v1/validations' && body.toString().includes('"LOCK"')) locked = true
    await forwardAnswer(t.mock.url, req, body, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

const run = (baseUrl: string, check = CHECK) => runSuite({
  baseUrl, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true, rateLimitWaitMs: HOUR_AND_A_SECOND_MS,
  validator: t.suite.validator, checks: t.suite.checks.filter((c) => c.id === check), clock: { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} },
})

describe(`${CHECK} under a rate limit`, () => {
  it('passes on the mock when nothing waits', async () => {
    const report = await run(t.mock.url)
    expect(report.results.map((r) => [r.id, r.status])).toEqual([[CHECK, 'passed']])
  })

  it('is skipped, naming the wait, when a 30 s rate-limit wait outlived the 10 s lock', async () => {
    const proxy = await refusingAfterLock()
    try {
      const report = await run(proxy.url)
      expect(report.rateLimit!.waitedMs).toBe(30_000)
      const result = report.results.find((r) => r.id === CHECK)!
      expect(result.status).toBe('skipped')
      expect(result.reason).toMatch(/waited 30 s for the target's rate limit while the 10 s lock was held/)
    } finally {
      await proxy.close()
    }
  })
})

describe(`${HOUR_CHECK} under a rate limit`, () => {
  it('passes on the mock when nothing waits', async () => {
    const report = await run(t.mock.url, HOUR_CHECK)
    expect(report.results.map((r) => [r.id, r.status])).toEqual([[HOUR_CHECK, 'passed']])
  })

  it('is skipped, naming the wait, when a rate-limit wait of an hour and a second outlived the 1 h lock', async () => {
    const proxy = await refusingAfterLock(HOUR_AND_A_SECOND_MS / 1000)
    try {
      const report = await run(proxy.url, HOUR_CHECK)
      expect(report.rateLimit!.waitedMs).toBe(HOUR_AND_A_SECOND_MS)
      const result = report.results.find((r) => r.id === HOUR_CHECK)!
      expect(result.status).toBe('skipped')
      expect(result.reason).toMatch(/waited 3601 s for the target's rate limit while the 1 h lock was held: whether it reserved the code cannot be told/)
    } finally {
      await proxy.close()
    }
  })
})
