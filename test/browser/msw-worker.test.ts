import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CREDENTIALS, type MockConfigInput } from '../../mock/engine/config.js'
import { closeServer, listen } from '../../mock/adapters/node-server.js'
import { expectContract, loadContractValidator } from '../../mock/testing/index.js'
import { packageRoot } from '../../src/paths.js'
import { bundleForBrowser } from './browser-bundle.js'
import { fetchFromPage, launchBrowser, type Browser, type PageAnswer } from './chromium.js'

// Issue 16: the mock with no server. A page registers MSW's service worker with
// `setupWorker(...createMockHandlers())` and runs the served-mock test's flows against an API
// address nothing listens on (the host does not even resolve): every answer comes from the page.

const API = 'https://api.promokit.test'
const PAGE = `<!doctype html><html><head><title>Checkout (MSW)</title><script src="/app.js"></script></head><body><h1>Checkout with the mock in the page</h1><pre id="out"></pre></body></html>`

let browser: Browser
let site: Server
let siteUrl: string
beforeAll(async () => {
  const [launched, bundle] = await Promise.all([launchBrowser(), bundleForBrowser('test/browser/msw-page.ts', 'iife'), loadContractValidator()])
  browser = launched
  const worker = readFileSync(join(packageRoot(), 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'))
  // the page's own origin: the HTML, its bundle and MSW's worker script; no API behind it
  const files: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', PAGE],
    '/app.js': ['text/javascript', bundle.code],
    '/mockServiceWorker.js': ['text/javascript', worker],
  }
  site = await listen((req, res) => {
    const file = files[req.url ?? '']
    if (!file) res.writeHead(404).end()
    else res.writeHead(200, { 'Content-Type': file[0] }).end(file[1])
  }, '127.0.0.1', 0)
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})
afterAll(async () => {
  await browser?.close()
  if (site) await closeServer(site, 0)
})

const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
const json = (answer: PageAnswer) => ({ status: answer.status, body: answer.body, headers: { 'content-type': 'application/json' } })

/** A page with the mock started in it; `answered` lists each API answer and whether the service worker gave it. */
async function pageWithMock(config: MockConfigInput = {}): Promise<{ page: Page; answered: { url: string; byWorker: boolean }[] }> {
  const page = await browser.newPage()
  const answered: { url: string; byWorker: boolean }[] = []
  page.on('response', (response) => {
    if (response.url().startsWith(API)) answered.push({ url: response.url(), byWorker: response.fromServiceWorker() })
  })
  await page.goto(siteUrl)
  await page.evaluate(`promokit.startMock(${JSON.stringify({ baseUrl: API, clock: 'manual', config })}).then((handlers) => { window.mock = handlers })`)
  return { page, answered }
}

describe('setupWorker(...createMockHandlers()) in Chromium, no mock server', () => {
  it('validates with the app keys and with the client keys, credentials included, as against the served mock', async () => {
    const { page } = await pageWithMock()
    const order = { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 10000 } }
    const app = await fetchFromPage(page, `${API}/v1/validations`, { method: 'POST', headers: APP, body: order })
    expect(app.failure).toBeUndefined()
    expectContract(json(app), 'validateStackedDiscounts')
    expect(app.body).toMatchObject({ valid: true, order: { amount: 10000, total_amount: 9000 } })
    expect(app.requestId).toMatch(/\S/)

    const client = await fetchFromPage(page, `${API}/client/v1/validations`, { method: 'POST', headers: CLIENT, body: order })
    expectContract(json(client), 'clientValidateStackedDiscounts')
    expect(client.body).toMatchObject({ valid: true, order: { total_amount: 9000 } })
    // the secret keys are refused on the browser API, in the page as on the server
    const secret = await fetchFromPage(page, `${API}/client/v1/validations`, { method: 'POST', headers: APP, body: order })
    expectContract(json(secret), 'clientValidateStackedDiscounts')
    expect(secret.status).toBe(401)
    await page.close()
  })

  it('generation progress, a redemption, Prefer: code=409 once and a network fault, all inside the page', async () => {
    const { page, answered } = await pageWithMock()
    const campaign = { name: 'Storybook', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 } } }
    const created = await fetchFromPage(page, `${API}/v1/campaigns`, { method: 'POST', headers: APP, body: campaign })
    expectContract(json(created), 'createCampaign')
    expect(created.body).toMatchObject({ vouchers_generation_status: 'IN_PROGRESS' })
    const { id } = created.body as { id: string }
    const generating = await fetchFromPage(page, `${API}/v1/campaigns/${id}`, { headers: APP })
    expectContract(json(generating), 'getCampaign')
    expect(generating.status).toBe(404)

    // the control API is in the page too: time moves when the story says so
    expect((await fetchFromPage(page, `${API}/_mock/jobs/finish`, { method: 'POST' })).status).toBe(200)
    const done = await fetchFromPage(page, `${API}/v1/campaigns/${id}`, { headers: APP })
    expectContract(json(done), 'getCampaign')
    expect(done.body).toMatchObject({ vouchers_generation_status: 'DONE', vouchers_count: 3000 })

    const redeemed = await fetchFromPage(page, `${API}/v1/redemptions`, { method: 'POST', headers: APP, body: { redeemables: [{ object: 'voucher', id: 'GIFT-0002', gift: { credits: 500 } }], order: { amount: 500 } } })
    expectContract(json(redeemed), 'redeemStackedDiscounts')
    const gift = await fetchFromPage(page, `${API}/v1/vouchers/GIFT-0002`, { headers: APP })
    expect(gift.body).toMatchObject({ gift: { balance: 2000 } })

    const refused = await fetchFromPage(page, `${API}/v1/campaigns`, { method: 'POST', headers: { ...APP, Prefer: 'code=409' }, body: { ...campaign, name: 'Once' } })
    expectContract(json(refused), 'createCampaign')
    expect(refused.body).toMatchObject({ code: 409, key: 'duplicate_found', request_id: refused.requestId })
    expect((await fetchFromPage(page, `${API}/v1/campaigns`, { method: 'POST', headers: APP, body: { ...campaign, name: 'Once' } })).status).toBe(200)

    const armed = await fetchFromPage(page, `${API}/_mock/faults`, { method: 'POST', body: { operationId: 'listCampaigns', action: 'reset', times: 1 } })
    expect(armed.status).toBe(201)
    const offline = await fetchFromPage(page, `${API}/v1/campaigns`, { headers: APP })
    expect(offline).toMatchObject({ status: 0, failure: expect.stringMatching(/Failed to fetch/) })
    expect((await fetchFromPage(page, `${API}/v1/campaigns?limit=1`, { headers: APP })).status).toBe(200)

    await page.evaluate(`document.getElementById('out').textContent = ${JSON.stringify(`campaign ${id}: ${JSON.stringify(done.body).slice(0, 120)}…\nGIFT-0002 after redeeming 500: ${JSON.stringify(gift.body).match(/"balance":\d+/)?.[0]}\nPrefer: code=409 → ${refused.status}, then 200\nreset fault → ${offline.failure}`)}`)
    await browser.screenshot(page, 'msw-worker', 'body')
    // every API answer came from the service worker (the host does not resolve: there is nothing else)
    expect(answered.length).toBeGreaterThan(8)
    expect(answered.filter((a) => !a.byWorker)).toEqual([])
    await page.close()
  })

  it('a client key restricted to allowed origins is checked against the page’s origin, as over the network', async () => {
    const restrictTo = (origin: string): MockConfigInput => ({ credentials: { projects: DEFAULT_CREDENTIALS.projects.map((p, i) => (i === 0 ? { ...p, clientOrigins: [origin] } : p)) } })
    const order = { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 10000 } }
    for (const [origin, status] of [[siteUrl, 200], ['http://elsewhere.test', 403]] as const) {
      const { page } = await pageWithMock(restrictTo(origin))
      const answer = await fetchFromPage(page, `${API}/client/v1/validations`, { method: 'POST', headers: CLIENT, body: order })
      expectContract(json(answer), 'clientValidateStackedDiscounts')
      expect(answer.status, `client key allowed from ${origin}`).toBe(status)
      if (status === 403) expect(answer.body).toMatchObject({ key: 'forbidden', details: expect.stringContaining(siteUrl) })
      await page.close()
    }
  })
})
