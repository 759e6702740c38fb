import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runSuite } from './runner.js'
import { forwardAnswer, readBody } from './testing/forward-answer.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'

// A rate-limit wait can come between issuing an OAuth token and using it; on the mock the wait moves the clock the
// token lives on (900 s), as an hour-long window of the real service would outlive it. The OAuth checks must then
// ask for a new token, or say they cannot tell, never fail a correct target.
const WAIT_S = 901
const TOKEN_LIFE_S = 900

const t = useSuiteAndMock()

const bearerListing = (url: string | undefined, auth: string | undefined) => url === '/v1/campaigns?limit=1' && auth?.startsWith('Bearer ')

/**
 * In front of the mock: one bearer listing is answered 429 once (Retry-After 901 s): the first one after the first
 * token (`after: 'token'`), or the first one after a revocation (`after: 'revoke'`). `refusingTokens`: a defect,
 * every bearer listing is refused (401) after that.
 */
async function refusingOnce(after: 'token' | 'revoke', refusingTokens = false): Promise<{ url: string; refused(): boolean; close(): Promise<void> }> {
  let armed = false
  let refused = false
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    if (!refused && armed && bearerListing(req.url, req.headers.authorization)) {
      refused = true
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(WAIT_S) })
      res.end(JSON.stringify({ code: 429, key: 'too_many_requests', message: 'Too many requests' }))
      return
    }
    if (refusingTokens && bearerListing(req.url, req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 401, key: 'unauthorized', message: 'Unauthorized' }))
      return
    }
    if (req.url === (after === 'token' ? '/v1/oauth/token' : '/v1/oauth/token/revoke')) armed = true
    await forwardAnswer(t.mock.url, req, body, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

async function runCheck(id: string, after?: 'token' | 'revoke', refusingTokens = false) {
  await t.mock.reset()
  const proxy = after ? await refusingOnce(after, refusingTokens) : undefined
  try {
    const report = await runSuite({
      baseUrl: proxy?.url ?? t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true,
      validator: t.suite.validator, checks: t.suite.checks.filter((c) => c.id === id), rateLimitWaitMs: WAIT_S * 1000,
      clock: { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} },
    })
    if (proxy) expect(proxy.refused()).toBe(true)
    const result = report.results.find((r) => r.id === id)!
    return { ...result, message: result.failure?.problems[0]?.message, waitedMs: report.rateLimit!.waitedMs }
  } finally {
    await proxy?.close()
  }
}

describe('OAuth checks under a rate limit', () => {
  const checks = ['oauth.token-and-bearer', 'oauth.revoked-token-refused', 'oauth.expired-token-refused']

  it.each(checks)('%s passes on the mock when nothing waits', async (id) => {
    expect(await runCheck(id)).toMatchObject({ status: 'passed', waitedMs: 0 })
  })

  it.each(checks)('%s asks for a new token when a 901 s wait outlived the first one before its first listing', async (id) => {
    const result = await runCheck(id, 'token')
    expect(result).toMatchObject({ status: 'passed', waitedMs: WAIT_S * 1000 })
  })

  it('still fails a target that refuses every bearer token: the new token, listed with no wait between, is refused too', async () => {
    const result = await runCheck('oauth.revoked-token-refused', 'token', true)
    expect(result).toMatchObject({ status: 'failed', message: 'listCampaigns answered an unexpected status' })
    expect(result.failure?.status).toBe(401)
  })

  it('oauth.revoked-token-refused is skipped, naming the wait, when a wait between revoking and listing outlived the token', async () => {
    const result = await runCheck('oauth.revoked-token-refused', 'revoke')
    expect(result.status).toBe('skipped')
    expect(result.reason).toBe(`the run waited ${WAIT_S} s for the target's rate limit while a new OAuth token (${TOKEN_LIFE_S} s) was held: whether a revoked token was refused for that or for its age cannot be told`)
  })
})
