import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, toIso } from '../../src/clock.js'
import { createMockServer, type MockServer } from '../../mock/adapters/node-server.js'
import { closeServer } from '../../mock/adapters/node-server.js'
import { expectContract } from '../../mock/testing/index.js'
import { launchBrowser, otherOrigin, recordRequests, type Browser } from './chromium.js'

// Real Chromium against the served mock: the console and home page a developer looks at, and a
// page on another origin calling the mock the way a frontend app does (credentials included).
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** What a frontend app does: a fetch with the keys and `credentials: 'include'`, from the page. */
function validateFromPage(page: Page, mockUrl: string, keys: { appId: string; appToken: string } | { clientId: string; clientToken: string }) {
  const [path, headers]: [string, Record<string, string>] =
    'clientId' in keys
      ? ['/client/v1/validations', { 'X-Client-Application-Id': keys.clientId, 'X-Client-Token': keys.clientToken }]
      : ['/v1/validations', { 'X-App-Id': keys.appId, 'X-App-Token': keys.appToken }]
  return page.evaluate(
    async ({ url, keyHeaders }) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', ...keyHeaders },
          body: JSON.stringify({ redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 10000 } }),
        })
        return { status: res.status, body: await res.json(), requestId: res.headers.get('X-Request-Id'), failure: undefined }
      } catch (error) {
        return { status: 0, body: undefined, requestId: null, failure: String(error) }
      }
    },
    { url: `${mockUrl}${path}`, keyHeaders: headers },
  )
}

describe('the served mock in Chromium', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await createMockServer()
  })
  afterAll(async () => {
    await mock?.close()
  })

  it('GET / shows the home page with the keys and a link to the console', async () => {
    const page = await browser.newPage()
    await page.goto(`${mock.url}/`)
    expect(await page.textContent('h1')).toBe('promokit mock')
    expect(await page.textContent('body')).toContain(mock.credentials.appToken)
    expect(await page.getAttribute('a:text-is("Console")', 'href')).toBe('/_mock/ui')
    await browser.screenshot(page, 'home')
    await page.close()
  })

  it('the console shows the state and the journal, its "try it" is authorised, its buttons work, and nothing leaves the mock', async () => {
    const page = await browser.newPage()
    const urls = recordRequests(page)
    await page.goto(`${mock.url}/_mock/ui`)
    await page.waitForSelector('body[data-state=ready]')
    await page.waitForSelector('body[data-reference=ready]')
    expect(await page.textContent('[data-project=proj_demo0001] [data-table=campaigns]')).toContain('Welcome 10% off')

    // "try it" calls the mock with the dev keys already filled in, and the call shows up in the journal
    const op = '#operations-Campaigns-listCampaigns'
    await page.click(`${op} .opblock-summary-control`)
    await page.click(`${op} button.execute`)
    await page.waitForSelector(`${op} .live-responses-table tbody .response-col_status`)
    expect((await page.textContent(`${op} .live-responses-table tbody .response-col_status`))?.trim()).toBe('200')
    await page.waitForSelector('#journal td:text-is("listCampaigns")')
    await browser.screenshot(page, 'console-try-it', op)
    expect(await page.locator('.reference .errors-wrapper').count()).toBe(0)

    await page.fill('#advance-ms', '3600000')
    await page.click('#advance-form button')
    await page.waitForSelector(`#clock:has-text("${toIso(FIXTURE_EPOCH + 3_600_000)}")`)
    expect(mock.deps.clock.now()).toBe(FIXTURE_EPOCH + 3_600_000)

    await page.fill('#latency-ms', '7')
    await page.click('#latency-form button')
    await page.waitForSelector('#clock:has-text("latency 7 ms")')
    expect(mock.deps.latency.snapshot().defaultMs).toBe(7)

    await page.selectOption('#fault-operation', 'getCampaign')
    await page.fill('#fault-status', '409')
    await page.fill('#fault-times', '1')
    await page.click('#fault-form button')
    await page.waitForSelector('#faults:has-text("getCampaign → 409")')
    const headers = { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken }
    const failed = await fetch(`${mock.url}/v1/campaigns/camp_demo0001`, { headers })
    expect(failed.status).toBe(409)
    await page.waitForSelector('#journal tr.failed td:text-is("/v1/campaigns/camp_demo0001")')

    const created = await fetch(`${mock.url}/v1/categories`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'From the test', hierarchy: 1 }) })
    expect(created.status).toBe(200)
    await page.waitForSelector('[data-project=proj_demo0001] h3:has-text("4 categories")')
    // a checkout's session lock shows up with what it holds, by code
    const lock = { order: { amount: 10000 }, redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], session: { key: 'ssn_console', type: 'LOCK' } }
    expect((await fetch(`${mock.url}/v1/validations`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(lock) })).status).toBe(200)
    await page.waitForSelector('[data-project=proj_demo0001] [data-table="session locks"] td:text-is("WELCOME-0001: 1 use")')
    await browser.screenshot(page, 'console')
    await page.click('#reset')
    await page.waitForSelector('[data-project=proj_demo0001] h3:has-text("3 categories")')
    expect(mock.deps.latency.snapshot().defaultMs).toBe(0)
    await browser.screenshot(page, 'console-after-reset')

    expect(urls.length).toBeGreaterThan(5)
    expect(urls.filter((url) => !url.startsWith(`${mock.url}/`))).toEqual([])
    await page.close()
    // swagger-ui renders the whole spec in the page: on a loaded 2-core machine that alone can take 20 s
  }, 120_000)

  it('a page on another origin calls the mock with credentials included and reads the answer and its request id', async () => {
    const other = await otherOrigin()
    const page = await browser.newPage()
    try {
      await page.goto(other.url)
      const res = await validateFromPage(page, mock.url, { appId: mock.credentials.appId, appToken: mock.credentials.appToken })
      expect(res.failure).toBeUndefined()
      expectContract({ status: res.status, body: res.body, headers: { 'content-type': 'application/json' } }, 'validateStackedDiscounts')
      expect(res.body).toMatchObject({ valid: true, order: { amount: 10000, total_amount: 9000 } })
      expect(res.requestId).toMatch(/\S/)
      expect(mock.deps.journal.list().at(-1)).toMatchObject({ path: '/v1/validations', status: 200 })

      // what a storefront ships: the client-side keys on /client/v1
      const client = await validateFromPage(page, mock.url, { clientId: mock.credentials.clientId ?? '', clientToken: mock.credentials.clientToken ?? '' })
      expectContract({ status: client.status, body: client.body, headers: { 'content-type': 'application/json' } }, 'clientValidateStackedDiscounts')
      expect(client.body).toMatchObject({ valid: true, order: { total_amount: 9000 } })
    } finally {
      await page.close()
      await closeServer(other.server, 0)
    }
  })
})

describe('a mock started with allowed origins, in Chromium', () => {
  it('serves the allowed origin and the browser refuses the answer for any other', async () => {
    const [allowed, refused] = await Promise.all([otherOrigin(), otherOrigin()])
    const mock = await createMockServer({ corsOrigins: [allowed.url] })
    const page = await browser.newPage()
    try {
      await page.goto(allowed.url)
      expect((await validateFromPage(page, mock.url, { appId: mock.credentials.appId, appToken: mock.credentials.appToken })).status).toBe(200)
      await page.goto(refused.url)
      const blocked = await validateFromPage(page, mock.url, { appId: mock.credentials.appId, appToken: mock.credentials.appToken })
      expect(blocked.status).toBe(0)
      expect(blocked.failure).toMatch(/Failed to fetch/)
    } finally {
      await page.close()
      await Promise.all([mock.close(), closeServer(allowed.server, 0), closeServer(refused.server, 0)])
    }
  })
})
