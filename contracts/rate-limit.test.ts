import { afterEach, describe, expect, it } from 'vitest'
import { HttpClient } from './http-client.js'
import { RateLimited, RateLimitBackoff, retryDelay, type RunClock } from './rate-limit.js'
import { scriptedServer, type ScriptedAnswer } from './testing/test-servers.js'

/** Time moves only when the limiter sleeps: every wait is recorded, none is real. */
function fakeClock(start = Date.UTC(2026, 0, 1)): RunClock & { slept: number[] } {
  let now = start
  const slept: number[] = []
  return { now: () => now, slept, sleep: async (ms) => void (slept.push(ms), (now += ms)) }
}

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

async function target(answers: ScriptedAnswer[]) {
  const server = await scriptedServer(() => answers.shift() ?? { status: 200, body: { ok: true } })
  close = server.close
  return server
}

const list = { operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns' }
const client = (url: string, limiter: RateLimitBackoff, budget = 100) => new HttpClient({ baseUrl: url, credentials: {}, timeoutMs: 5_000, budget, limiter })

describe('the run\'s rate limiter', () => {
  it('waits out a 429 for its Retry-After and retries: the caller sees the 200', async () => {
    const server = await target([{ status: 429, headers: { 'retry-after': '7' }, body: { code: 429, key: 'too_many_requests' } }])
    const clock = fakeClock()
    const limiter = new RateLimitBackoff({ maxWaitMs: 60_000, clock })
    const ex = await client(server.url, limiter).send(list)
    expect(ex.response.status).toBe(200)
    expect(clock.slept).toEqual([7_000])
    expect(server.requests).toHaveLength(2)
    expect(limiter.state).toMatchObject({ refusals: 1, waitedMs: 7_000 })
  })

  it('without Retry-After waits until X-Rate-Limit-Retry (unix seconds)', async () => {
    const clock = fakeClock()
    const retryAt = Math.floor(clock.now() / 1000) + 42
    const server = await target([{ status: 429, headers: { 'x-rate-limit-retry': String(retryAt), 'x-rate-limit-remaining': '0' } }])
    const ex = await client(server.url, new RateLimitBackoff({ maxWaitMs: 60_000, clock })).send(list)
    expect(ex.response.status).toBe(200)
    expect(clock.slept).toEqual([42_000])
  })

  it('paces: with the window used up (X-Rate-Limit-Remaining 0) the next request waits for X-Rate-Limit-Retry, never earning a 429', async () => {
    const clock = fakeClock()
    const retryAt = Math.floor(clock.now() / 1000) + 30
    const server = await target([{ status: 200, headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-retry': String(retryAt) } }])
    const limiter = new RateLimitBackoff({ maxWaitMs: 60_000, clock })
    const c = client(server.url, limiter)
    await c.send(list)
    expect(clock.slept).toEqual([])
    await c.send(list)
    expect(clock.slept).toEqual([30_000])
    expect(limiter.state).toMatchObject({ refusals: 0, limit: 100 })
  })

  it('counts requests still on their way: concurrent sends do not overrun the last remaining slots', async () => {
    const clock = fakeClock()
    const retryAt = Math.floor(clock.now() / 1000) + 10
    const server = await target([{ status: 200, headers: { 'x-rate-limit-remaining': '2', 'x-rate-limit-retry': String(retryAt) } }])
    const c = client(server.url, new RateLimitBackoff({ maxWaitMs: 60_000, clock }))
    await c.send(list)
    await Promise.all([c.send(list), c.send(list), c.send(list)])
    expect(clock.slept).toEqual([10_000])
  })

  it('gives up with RateLimited (not a failure) when the target asks for a longer wait than allowed', async () => {
    const server = await target([{ status: 429, headers: { 'retry-after': '3600' } }])
    const clock = fakeClock()
    await expect(client(server.url, new RateLimitBackoff({ maxWaitMs: 60_000, clock })).send(list)).rejects.toBeInstanceOf(RateLimited)
    expect(clock.slept).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('every retry counts against the hard request budget', async () => {
    const server = await target([{ status: 429, headers: { 'retry-after': '1' } }, { status: 429, headers: { 'retry-after': '1' } }])
    await expect(client(server.url, new RateLimitBackoff({ maxWaitMs: 60_000, clock: fakeClock() }), 2).send(list)).rejects.toThrow(/budget of 2 requests/)
    expect(server.requests).toHaveLength(2)
  })

  it('waits once for concurrent 429s: time passes once for all (on the mock each sleep would move the clock again)', async () => {
    const refused = { status: 429, headers: { 'retry-after': '36' }, body: { code: 429, key: 'too_many_requests' } }
    const server = await target([refused, refused, refused])
    // Like the mock's clock: a sleep moves it when it ends (the advance is a request), here once all three were refused.
    let now = Date.UTC(2026, 0, 1)
    const slept: number[] = []
    const limiter: RateLimitBackoff = new RateLimitBackoff({ maxWaitMs: 60_000, clock: { now: () => now, sleep: async (ms) => {
      slept.push(ms)
      while (limiter.state.refusals < 3) await new Promise(setImmediate)
      now += ms
    } } })
    const c = client(server.url, limiter)
    const answers = await Promise.all([c.send(list), c.send(list), c.send(list)])
    expect(answers.map((ex) => ex.response.status)).toEqual([200, 200, 200])
    expect(slept).toEqual([36_000])
    expect(limiter.state).toMatchObject({ refusals: 3, waitedMs: 36_000 })
  })

  it('reads Retry-After as seconds or an HTTP date, and backs off when the target names no time', () => {
    const now = Date.UTC(2026, 0, 1)
    expect(retryDelay({ 'retry-after': '2.5' }, now, 1)).toBe(2_500)
    expect(retryDelay({ 'retry-after': new Date(now + 9_000).toUTCString() }, now, 1)).toBe(9_000)
    expect(retryDelay({ 'x-rate-limit-retry': String(now + 4_000) }, now, 1)).toBe(4_000)
    expect([1, 2, 3].map((attempt) => retryDelay({}, now, attempt))).toEqual([1_000, 2_000, 4_000])
  })
})
