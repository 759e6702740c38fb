import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, toIso } from '../../src/clock.js'
import { closeServer, createMockServer, type MockServer } from '../../mock/adapters/node-server.js'
import { fetchFromPage, launchBrowser, otherOrigin, type Browser } from './chromium.js'

// Issue 21 §1 in real Chromium: a page on another origin (another port of 127.0.0.1, as a site open in the
// next tab would be) can neither read nor change the control plane, blind no-cors requests included,
// while the API still answers it; the console keeps working from its own origin, token included.

let browser: Browser
let origin: Awaited<ReturnType<typeof otherOrigin>>
beforeAll(async () => {
  ;[browser, origin] = await Promise.all([launchBrowser(), otherOrigin()])
})
afterAll(async () => {
  await browser?.close()
  if (origin) await closeServer(origin.server, 0)
})

/** What a hostile page can send without reading the answer: `mode: 'no-cors'` needs no preflight. */
function blindPost(page: Page, url: string, body: string): Promise<string> {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, { method: 'POST', mode: 'no-cors', body })
      return res.type
    },
    { url, body },
  )
}

/** What the control plane holds that a page could want to change. */
const controlState = (mock: MockServer) =>
  JSON.stringify({ now: mock.deps.clock.now(), sandboxes: mock.deps.sandboxes.list().length, faults: mock.deps.faults.list(), latency: mock.deps.latency.snapshot() })

describe('the control plane in Chromium, default flags', () => {
  let mock: MockServer
  let page: Page
  beforeAll(async () => {
    mock = await createMockServer()
    page = await browser.newPage()
    await page.goto(origin.url)
  })
  afterAll(async () => {
    await page?.close()
    await mock?.close()
  })

  it('a page on another origin cannot read /_mock/state, /_mock/sandboxes or the console overview', async () => {
    await mock.deps.sandboxes.create()
    const reads = await Promise.all(['/_mock/state', '/_mock/sandboxes', '/_mock/requests', '/_mock/ui/overview'].map((path) => fetchFromPage(page, `${mock.url}${path}`)))

    for (const read of reads) {
      expect(read.status).toBe(0)
      expect(read.failure).toMatch(/Failed to fetch/)
    }
  })

  it('nor change it, with CORS requests or blind no-cors POSTs, while /v1 still works for it', async () => {
    const before = controlState(mock)
    const preflighted = await fetchFromPage(page, `${mock.url}/_mock/faults`, { method: 'POST', body: { action: 'status', status: 503 } })
    const blind = await Promise.all([
      blindPost(page, `${mock.url}/_mock/reset`, 'x'),
      blindPost(page, `${mock.url}/_mock/sandboxes`, 'x'),
      blindPost(page, `${mock.url}/_mock/clock/advance`, '{"ms":3600000}'),
      blindPost(page, `${mock.url}/_mock/latency`, '{"ms":5000}'),
    ])
    const api = await fetchFromPage(page, `${mock.url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken } })

    expect(preflighted.status).toBe(0)
    expect(blind).toEqual(['opaque', 'opaque', 'opaque', 'opaque'])
    expect(controlState(mock)).toBe(before)
    expect(mock.deps.sandboxes.list()).toHaveLength(1)
    expect(api.status).toBe(200)
    expect((api.body as { campaigns: unknown[] }).campaigns).toHaveLength(1)
    expect(mock.deps.clock.now()).toBe(FIXTURE_EPOCH)
  })
})

describe('the control plane in Chromium, --control-origin and a control token', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await createMockServer({ controlOrigins: [origin.url], controlToken: 'tok-21' })
  })
  afterAll(async () => {
    await mock?.close()
  })

  it('a listed origin reads and drives it with the token, and not without', async () => {
    const page = await browser.newPage()
    await page.goto(origin.url)
    const token = { 'X-Promokit-Control-Token': 'tok-21' }
    const withoutToken = await fetchFromPage(page, `${mock.url}/_mock/clock`)
    const read = await fetchFromPage(page, `${mock.url}/_mock/clock`, { headers: token })
    const moved = await fetchFromPage(page, `${mock.url}/_mock/clock/advance`, { method: 'POST', headers: token, body: { ms: 1000 } })
    await page.close()

    expect(withoutToken.status).toBe(401)
    expect(read.status).toBe(200)
    expect(moved.status).toBe(200)
    expect(mock.deps.clock.now()).toBe(FIXTURE_EPOCH + 1000)
  })

  it('the console opened with ?token= gets the token from the server and its buttons work', async () => {
    const page = await browser.newPage()
    const refused = await page.goto(`${mock.url}/_mock/ui`)
    expect(refused?.status()).toBe(401)

    await page.goto(`${mock.url}/_mock/ui?token=tok-21`)
    await page.waitForSelector('body[data-state=ready]')
    await page.fill('#advance-ms', '3600000')
    await page.click('#advance-form button')
    // the previous test moved the clock 1 s
    await page.waitForSelector(`#clock:has-text("${toIso(FIXTURE_EPOCH + 3_601_000)}")`)
    await page.click('#create-sandbox')
    await page.waitForSelector('#sandboxes tr')
    await browser.screenshot(page, 'console-with-token')
    await page.close()

    expect(mock.deps.sandboxes.list()).toHaveLength(1)
  }, 120_000)
})
