import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, it } from 'vitest'
import { createMockServer } from '../mock/adapters/node-server.js'
import { runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'
import { forwardAnswer, readBody } from './testing/forward-answer.js'
import type { RunReport } from './types.js'

// Issue 12, section 1's last legitimate variant: a server that rate-limits the run, as the real service does.
// The mock, behind a proxy that counts requests per window of (the mock's) time and answers 429 beyond the
// limit. Time is the mock's clock: the suite's waits advance it (through the proxy, which sees them).
interface Variant {
  name: string
  /** Send X-Rate-Limit-Limit/-Remaining/-Retry on every answer (the real service does). */
  headers: boolean
  /** What a 429 carries. */
  retry: 'retry-after' | 'x-rate-limit-retry'
}

const VARIANTS: Variant[] = [
  { name: 'X-Rate-Limit-* on every answer, 429 with X-Rate-Limit-Retry', headers: true, retry: 'x-rate-limit-retry' },
  { name: 'no rate-limit headers, 429 with Retry-After only', headers: false, retry: 'retry-after' },
]
const LIMIT = 40
const WINDOW_MS = 60_000

let suite: Suite
beforeAll(async () => {
  suite = await loadSuite()
})

/** In front of `mockUrl`, which no other run may share: the proxy's clock must be the only thing moving the mock's. */
async function rateLimitingProxy(variant: Variant, mockUrl: string): Promise<{ url: string; now(): number; refused: () => number; close(): Promise<void> }> {
  let now = Date.UTC(2026, 0, 1)
  let windowEnd = now + WINDOW_MS
  let used = 0
  let refused = 0
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    if (req.url === '/_mock/clock/advance') now += Number(JSON.parse(body.toString()).ms) || 0
    const limited = !req.url!.startsWith('/_mock')
    if (now >= windowEnd) {
      windowEnd = now + WINDOW_MS - ((now - windowEnd) % WINDOW_MS)
      used = 0
    }
    const rate = { 'x-rate-limit-limit': String(LIMIT), 'x-rate-limit-remaining': String(Math.max(0, LIMIT - used - 1)), 'x-rate-limit-retry': String(Math.ceil(windowEnd / 1000)) }
    if (limited && used >= LIMIT) {
      refused++
      const retry = variant.retry === 'retry-after' ? { 'retry-after': String(Math.ceil((windowEnd - now) / 1000)) } : { 'x-rate-limit-retry': rate['x-rate-limit-retry'] }
      res.writeHead(429, { 'content-type': 'application/json', ...(variant.headers ? rate : {}), ...retry })
      res.end(JSON.stringify({ code: 429, key: 'too_many_requests', message: 'Too many requests', details: 'Rate limit exceeded', request_id: 'v-429' }))
      return
    }
    if (limited) used++
    await forwardAnswer(mockUrl, req, body, res, variant.headers && limited ? rate : {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    now: () => now,
    refused: () => refused,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

describe('a target that rate-limits the run', () => {
  // Side by side, each against a mock of its own: two runs moving one mock's clock (or resetting it) would expire
  // each other's tokens and locks, which no single deployment does.
  it.concurrent.for(VARIANTS)('$name: every check passes, none fails for a 429', { timeout: 60_000 }, async (variant, { expect }) => {
    const mock = await createMockServer()
    const proxy = await rateLimitingProxy(variant, mock.url)
    let report: RunReport
    try {
      report = await runSuite({
        baseUrl: proxy.url, credentials: mock.credentials, ids: { projectId: mock.credentials.projectId }, isMock: true,
        validator: suite.validator, checks: suite.checks, concurrency: 4, clock: { now: proxy.now, sleep: async () => {} },
      })
    } finally {
      await proxy.close()
      await mock.close()
    }
    // The failing answer's status and body too: a refusal's reason (a 429, an expired token) is in them.
    const failures = report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.problems[0]?.message} (${r.failure?.response?.status} ${r.failure?.response?.body ?? ''})`)
    expect(failures).toEqual([])
    expect(report.summary.rateLimited).toBe(0)
    expect(report.cleanup.failed).toEqual([])
    expect(report.requests).toBeGreaterThan(LIMIT * 3)
    expect(report.rateLimit!.waitedMs).toBeGreaterThan(0)
    // With the headers the suite paces itself and never goes over; without them it learns from the 429s.
    if (variant.headers) expect(proxy.refused()).toBe(0)
    else expect(proxy.refused()).toBeGreaterThan(0)
  })
})
