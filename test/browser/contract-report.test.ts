import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderHtml } from '../../contracts/reporters/html.js'
import { runSuite } from '../../contracts/runner.js'
import { loadSuite } from '../../contracts/suite.js'
import type { RunReport } from '../../contracts/types.js'
import { createMockServer } from '../../mock/server.js'
import { launchBrowser, type Browser } from './chromium.js'

// The HTML report as a person sees it: a failing run of 50 checks, rendered by Chromium.
let browser: Browser
let report: RunReport
let dir: string

const FAULTS = [
  { operationId: 'createCategory', action: 'drop', pointer: '/id', whenStatus: 200 },
  { operationId: 'getCampaign', action: 'drop', pointer: '/key', whenStatus: 404 },
  { operationId: 'getMetadataSchema', action: 'status', status: 418 },
  { operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/0/campaign_type', value: 'BOGUS', whenStatus: 200 },
]

beforeAll(async () => {
  const [suite, mock] = await Promise.all([loadSuite(), createMockServer()])
  for (const fault of FAULTS) await fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  try {
    const ids = { projectId: mock.credentials.projectId }
    report = await runSuite({ baseUrl: mock.url, credentials: mock.credentials, ids, isMock: true, validator: suite.validator, checks: suite.checks.slice(0, 50), concurrency: 8 })
  } finally {
    await mock.close()
  }
  browser = await launchBrowser()
  dir = mkdtempSync(join(tmpdir(), 'promokit-report-'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the HTML contract report in Chromium', () => {
  it('shows the verdict, the index and the coverage first, failures with curl and response next, passing checks collapsed; it fits on a few screens', async () => {
    expect(report.results).toHaveLength(50)
    expect(report.summary.failed).toBeGreaterThanOrEqual(4)
    const file = join(dir, 'report.html')
    writeFileSync(file, renderHtml(report))
    const page = await browser.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(pathToFileURL(file).href)
    await browser.screenshot(page, 'contract-report-top')
    // Page coordinates: the page is not scrolled until the end of the test.
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y

    // The first screen answers "did it pass, what failed": header, counts, index with one link per failure.
    expect(await page.locator('header h1').innerText()).toBe('promokit contract report: FAIL')
    expect(await page.locator('ol.index li').count()).toBe(report.summary.failed)
    expect(await top('ol.index')).toBeLessThan(800)
    expect(await top('#coverage')).toBeLessThan(await top('#failures'))
    expect(await top('#failures')).toBeLessThan(await top('#passed'))

    // Each failure carries the request as curl and the response.
    const first = page.locator('article.failure').first()
    expect(await first.locator('pre.curl').innerText()).toMatch(/^curl /)
    expect(await first.locator('pre.body').count()).toBe(1)

    // Passing checks are collapsed: their rows are not visible until opened.
    expect(await page.locator('#passed details').getAttribute('open')).toBeNull()
    expect(await page.locator('#passed tr.passed').first().isVisible()).toBe(false)

    // A few screens, not a scroll through every check.
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'))
    await page.screenshot({ path: join(dir, 'full.png'), fullPage: true })
    expect(height).toBeLessThanOrEqual(6 * 800)
    await browser.screenshot(page, 'contract-report-failure', 'article.failure >> nth=0')

    // An index link goes to its failure.
    await page.locator('ol.index a').first().click()
    expect(page.url()).toMatch(/#[\w.-]+$/)
    await page.close()
  }, 60_000)
})
