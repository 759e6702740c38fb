import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeServer, createMockServer, type MockServer } from '../../mock/adapters/node-server.js'
import { expectContract, loadControlValidator } from '../../mock/testing/index.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { fetchFromPage, launchBrowser, otherOrigin, type Browser, type PageAnswer } from './chromium.js'

// What parallel UI tests need from one shared served mock, in real Chromium: a sandbox per worker
// (two pages at once never see each other's data), one request made to fail with `Prefer`, and the
// console's controls for faults with matchers, network faults and sandboxes.

let browser: Browser
let mock: MockServer
let origin: Awaited<ReturnType<typeof otherOrigin>>
let control: ContractValidator
beforeAll(async () => {
  ;[browser, origin, control] = await Promise.all([launchBrowser(), otherOrigin(), loadControlValidator()])
  // the test app's origin drives the control plane (sandboxes), as `promokit mock --control-origin` allows
  mock = await createMockServer({ controlOrigins: [origin.url] })
})
afterAll(async () => {
  await browser?.close()
  await mock?.close()
  if (origin) await closeServer(origin.server, 0)
})

const json = (answer: PageAnswer) => ({ status: answer.status, body: answer.body, headers: { 'content-type': 'application/json' } })
const campaign = { name: 'Worker campaign', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'Ten off', action: { discount: { type: 'PERCENT', percent_off: 10 } } }] } }

interface SandboxKeys {
  app_id: string
  app_token: string
}

/** One Playwright worker's life: its own sandbox, a campaign with the same name as the other's, a redemption. */
async function worker(page: Page, amount: number) {
  await page.goto(origin.url)
  const created = await fetchFromPage(page, `${mock.url}/_mock/sandboxes`, { method: 'POST', headers: { 'X-Requested-With': 'worker' } })
  expectContract(json(created), 'createSandbox', control)
  const { id, keys } = created.body as { id: string; keys: SandboxKeys }
  const headers = { 'X-App-Id': keys.app_id, 'X-App-Token': keys.app_token }
  const made = await fetchFromPage(page, `${mock.url}/v1/campaigns`, { method: 'POST', headers, body: campaign })
  expectContract(json(made), 'createCampaign')
  const redeemed = await fetchFromPage(page, `${mock.url}/v1/redemptions`, { method: 'POST', headers, body: { redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: amount } }], order: { amount } } })
  expectContract(json(redeemed), 'redeemStackedDiscounts')
  const list = await fetchFromPage(page, `${mock.url}/v1/campaigns?limit=100`, { headers })
  expectContract(json(list), 'listCampaigns')
  const gift = await fetchFromPage(page, `${mock.url}/v1/vouchers/GIFT-0001`, { headers })
  expectContract(json(gift), 'getVoucher')
  const seen = { id, headers, made: made.status, names: (list.body as { campaigns: { name: string }[] }).campaigns.map((c) => c.name), balance: (gift.body as { gift: { balance: number } }).gift.balance }
  // what the page saw, on the page, for the screenshot
  const summary = `sandbox ${id}\ncampaigns: ${seen.names.join(', ')}\nGIFT-0001 balance: ${seen.balance}`
  await page.evaluate(`document.getElementById('out').textContent = ${JSON.stringify(summary)}`)
  return seen
}

/** Fills the console's fault form (times 1) and submits it. */
async function addFault(page: Page, fault: { operation: string; action: string; status?: string; matchKind: string; key: string; value: string }) {
  await page.selectOption('#fault-operation', fault.operation)
  await page.selectOption('#fault-action', fault.action)
  if (fault.status) await page.fill('#fault-status', fault.status)
  await page.fill('#fault-times', '1')
  await page.selectOption('#fault-match-kind', fault.matchKind)
  await page.fill('#fault-match-key', fault.key)
  await page.fill('#fault-match-value', fault.value)
  await page.click('#fault-form button[type=submit]')
}

describe('a shared served mock, in Chromium', () => {
  it('two pages in parallel, each with its own sandbox, never see each other’s data; a sandbox reset touches only its own', async () => {
    const [pageA, pageB] = await Promise.all([browser.newPage(), browser.newPage()])
    const [a, b] = await Promise.all([worker(pageA, 1000), worker(pageB, 2500)])

    // the same campaign name in both: no 409, because neither sees the other's campaign
    expect([a.made, b.made]).toEqual([200, 200])
    expect(a.names.filter((name) => name === campaign.name)).toHaveLength(1)
    expect(b.names.filter((name) => name === campaign.name)).toHaveLength(1)
    // the fixtures' gift card starts at 10000 in each sandbox; each saw only its own redemption
    expect([a.balance, b.balance]).toEqual([9000, 7500])
    expect(mock.deps.projects.get('proj_demo0001')?.vouchers.get('GIFT-0001')?.gift?.balance).toBe(10000)

    const reset = await fetchFromPage(pageA, `${mock.url}/_mock/sandboxes/${a.id}/reset`, { method: 'POST', headers: { 'X-Requested-With': 'worker' } })
    expectContract(json(reset), 'resetSandbox', control)
    const afterA = await fetchFromPage(pageA, `${mock.url}/v1/campaigns/${encodeURIComponent(campaign.name)}`, { headers: a.headers })
    const afterB = await fetchFromPage(pageB, `${mock.url}/v1/campaigns/${encodeURIComponent(campaign.name)}`, { headers: b.headers })
    expectContract(json(afterA), 'getCampaign')
    expect([afterA.status, afterB.status]).toEqual([404, 200])
    await Promise.all([browser.screenshot(pageA, 'sandbox-page-a', 'body'), browser.screenshot(pageB, 'sandbox-page-b', 'body')])
    await Promise.all([pageA.close(), pageB.close()])
  })

  it('Prefer: code=409 fails that one request from the page; the same request next succeeds', async () => {
    const page = await browser.newPage()
    await page.goto(origin.url)
    const headers = { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken }
    const body = { ...campaign, name: 'Prefer once' }
    const refused = await fetchFromPage(page, `${mock.url}/v1/campaigns`, { method: 'POST', headers: { ...headers, Prefer: 'code=409' }, body })
    const accepted = await fetchFromPage(page, `${mock.url}/v1/campaigns`, { method: 'POST', headers, body })

    expect(refused.failure).toBeUndefined()
    expectContract(json(refused), 'createCampaign')
    expect(refused.body).toMatchObject({ code: 409, key: 'duplicate_found', request_id: refused.requestId })
    expectContract(json(accepted), 'createCampaign')
    expect(accepted.status).toBe(200)
    expect(mock.deps.journal.list().slice(-2).map((entry) => entry.status)).toEqual([409, 200])
    await page.close()
  })

  it('the console creates, lists, resets and deletes sandboxes, and arms a fault with a matcher and a network fault', async () => {
    const page = await browser.newPage()
    page.setDefaultTimeout(15_000)
    // the API reference (swagger-ui rendering the whole spec, seconds of CPU) is served-mock.test.ts's subject, not this one's
    await page.route('**/swagger-ui-bundle.js', (route) => route.abort())
    await page.goto(`${mock.url}/_mock/ui`)
    await page.waitForSelector('body[data-state=ready]')

    await page.click('#create-sandbox')
    await page.waitForSelector('#sandboxes tr[data-sandbox]')
    const [sandbox] = mock.deps.sandboxes.list()
    expect(await page.textContent(`#sandboxes tr[data-sandbox="${sandbox.id}"]`)).toContain(sandbox.keys.app_id)
    await page.waitForSelector(`[data-project="${sandbox.project_id}"] [data-table=campaigns]`)

    // a status fault narrowed to one voucher code: only that request fails, once
    await addFault(page, { operation: 'getVoucher', action: 'status', status: '404', matchKind: 'params', key: 'code', value: 'WELCOME-0002' })
    await page.waitForSelector('#faults li:has-text(\'getVoucher → 404 when params.code = "WELCOME-0002" ×1\')')
    await browser.screenshot(page, 'console-fault-matcher', '.controls')
    const headers = { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken }
    expect((await fetch(`${mock.url}/v1/vouchers/WELCOME-0001`, { headers })).status).toBe(200)
    expect((await fetch(`${mock.url}/v1/vouchers/WELCOME-0002`, { headers })).status).toBe(404)
    expect((await fetch(`${mock.url}/v1/vouchers/WELCOME-0002`, { headers })).status).toBe(200)

    // a network fault: the connection is reset, no answer at all
    await addFault(page, { operation: 'listCampaigns', action: 'reset', matchKind: '', key: '', value: '' })
    expect(await page.isVisible('#fault-status')).toBe(false)
    await page.waitForSelector('#faults li:has-text("listCampaigns → reset ×1")')
    await browser.screenshot(page, 'console-network-fault', '.controls')
    await browser.screenshot(page, 'console-sandboxes', '.sandboxes')
    await expect(fetch(`${mock.url}/v1/campaigns`, { headers })).rejects.toThrow(TypeError)
    await page.waitForSelector('#faults li:text-is("No faults")')

    // a matcher the control API refuses (a broken JSON pointer) arms nothing; the page says why
    await addFault(page, { operation: 'validateStackedDiscounts', action: 'status', status: '400', matchKind: 'body', key: '/order/~9', value: '666' })
    await page.waitForSelector('#status.failed:has-text("Add fault: match.body")')
    expect(mock.deps.faults.list()).toEqual([])

    await page.click(`#sandboxes button[data-sandbox="${sandbox.id}"][data-act=reset]`)
    await page.waitForSelector(`#status:has-text("Reset ${sandbox.id}: done")`)
    await page.click(`#sandboxes button[data-sandbox="${sandbox.id}"][data-act=delete]`)
    await page.waitForSelector(`#sandboxes tr[data-sandbox="${sandbox.id}"]`, { state: 'detached' })
    expect((await fetch(`${mock.url}/v1/campaigns`, { headers: { 'X-App-Id': sandbox.keys.app_id, 'X-App-Token': sandbox.keys.app_token } })).status).toBe(401)
    await page.close()
  }, 60_000)
})
