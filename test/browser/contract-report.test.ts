import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderHtml } from '../../contracts/reporters/html.js'
import { runSuite } from '../../contracts/runner.js'
import type { Check } from '../../contracts/check.js'
import { loadSuite } from '../../contracts/suite.js'
import type { RunReport } from '../../contracts/types.js'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { launchBrowser, type Browser } from './chromium.js'

// The HTML report as a person sees it: a failing run of 50 checks, rendered by Chromium.
let browser: Browser
let report: RunReport
let dir: string

const FAULTS = [
  { operationId: 'createCategory', action: 'drop', pointer: '/id', whenStatus: 200 },
  // One defect across operations: every 404 without its message. The report shows it as one problem.
  { action: 'drop', pointer: '/message', whenStatus: 404 },
  { operationId: 'getMetadataSchema', action: 'status', status: 418 },
  { operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/0/campaign_type', value: 'BOGUS', whenStatus: 200 },
]

/** 50 checks: every 404 check (the message defect crosses them), a few on the faulted operations, then the rest (the suite's own order changes as checks are added). */
function reportChecks(checks: readonly Check[]): Check[] {
  const faulted = new Set(FAULTS.flatMap((f) => (f.operationId ? [f.operationId] : [])))
  const notFound = checks.filter((c) => c.id.endsWith('-404'))
  const others = [...new Set([...faulted].flatMap((op) => checks.filter((c) => !c.id.endsWith('-404') && c.operationIds.includes(op)).slice(0, 3)))]
  const rest = checks.filter((c) => !notFound.includes(c) && !others.includes(c))
  return [...notFound, ...others, ...rest].slice(0, 50)
}

beforeAll(async () => {
  const [suite, mock] = await Promise.all([loadSuite(), createMockServer()])
  for (const fault of FAULTS) await fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  try {
    const ids = { projectId: mock.credentials.projectId }
    report = await runSuite({ baseUrl: mock.url, credentials: mock.credentials, ids, isMock: true, validator: suite.validator, checks: reportChecks(suite.checks), concurrency: 8 })
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
  it('shows the verdict, an index of the distinct problems and the coverage first, each problem with curl and response next, passing checks collapsed; it fits on a few screens', async () => {
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

    // The first screen answers "did it pass, what failed": header, counts, an index with one line per distinct
    // problem (the same problem across checks and operations is one line), and the coverage right below.
    expect(await page.locator('header h1').innerText()).toBe('promokit contract report: FAIL')
    const failedIds = report.results.filter((r) => r.status === 'failed').map((r) => r.id)
    const problems = await page.locator('ol.index li').count()
    expect(problems).toBeGreaterThanOrEqual(FAULTS.length)
    expect(problems).toBeLessThan(failedIds.length / 2)
    // the most widespread problem first; the message defect across operations is one entry of several checks
    const entries = await page.locator('ol.index li').allInnerTexts()
    const counts = entries.map((t) => Number(/\b(\d+) checks?\b/.exec(t)?.[1] ?? 1))
    expect(counts[0]).toBe(Math.max(...counts))
    expect(entries.find((t) => t.includes('/message'))).toMatch(/\b\d+ checks\b/)
    expect(await top('ol.index')).toBeLessThan(800)
    expect(await top('#coverage')).toBeLessThan(2 * 800)
    expect(await top('#coverage')).toBeLessThan(await top('#failures'))
    expect(await top('#failures')).toBeLessThan(await top('#passed'))
    // Every failed check can still be linked to: it is named, as an anchor, in its problem's entry.
    for (const id of failedIds) expect(await page.locator(`article.failure [id="${id}"]`).count()).toBe(1)

    // Each problem shows one check's request as curl and the response in full, the other checks' requests folded.
    const first = page.locator('article.failure').first()
    expect(await first.locator('pre.curl').first().innerText()).toMatch(/^curl /)
    expect(await first.locator('pre.body').count()).toBe(1)
    expect(await first.locator('table.others tr').first().isVisible()).toBe(false)

    // Passing checks are collapsed: their rows are not visible until opened.
    expect(await page.locator('#passed details').getAttribute('open')).toBeNull()
    expect(await page.locator('#passed tr.passed').first().isVisible()).toBe(false)

    // A few screens, not a scroll through every check.
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'))
    await page.screenshot({ path: join(dir, 'full.png'), fullPage: true })
    expect(height).toBeLessThanOrEqual(5 * 800)
    await first.locator('summary', { hasText: 'The requests of the other' }).click()
    expect(await first.locator('table.others pre.curl').first().innerText()).toMatch(/^curl /)
    await browser.screenshot(page, 'contract-report-failure', 'article.failure >> nth=0')

    // An index link goes to its failure.
    await page.locator('ol.index a').first().click()
    expect(page.url()).toMatch(/#[\w.-]+$/)
    await page.close()
  }, 60_000)
})
