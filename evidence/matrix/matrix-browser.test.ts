import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSpec } from '../../src/spec/load-spec.js'
import { listOperations } from '../../src/spec/operations.js'
import type { CheckResult, RunReport } from '../../contracts/types.js'
import { launchBrowser, type Browser } from '../../test/browser/chromium.js'
import type { ReplayReport } from '../replay/replay.js'
import { matrixOf } from './matrix-command.js'
import { renderMatrixHtml } from './render-html.js'

/** The spec's operations: the matrix has a row for each, however many the spec holds. */
const OPERATIONS = listOperations(await loadSpec()).length

// matrix.html as a person sees it in Chromium: failures on top, sortable by a click, nothing injected.
let browser: Browser
let dir: string

const result = (id: string, operationIds: string[], status: CheckResult['status'], failureOp?: string): CheckResult => ({
  id, title: id, operationIds, status, durationMs: 1, ...(failureOp ? { failure: { checkId: id, title: id, operationId: failureOp, problems: [] } } : {}),
})
const report: RunReport = {
  runId: 'r', prefix: 'pk-r-', target: { baseUrl: 'https://staging.example.com', isMock: false }, readOnly: false, startedAt: '2026-11-26T09:00:00.000Z',
  durationMs: 1, requests: 1, coverage: [], summary: { passed: 2, failed: 1, skipped: 0 }, cleanup: { deleted: [], failed: [] },
  results: [
    result('categories.get', ['listCategories', 'getCategory'], 'failed', 'getCategory'),
    result('categories.list', ['listCategories'], 'passed'),
    { ...result('categories.create', ['createCategory'], 'failed', 'createCategory'), baseline: { check: 'categories.create', signature: 'status', reason: 'r', owner: 'o', expires: '2099-01-01', expired: false } },
    result('campaigns.delete', ['createCampaign', 'deleteCampaign', 'getCampaign', 'listCampaigns'], 'passed'),
  ],
}

const replayReport: ReplayReport = {
  format: 'promokit-replay-report', version: 1, har: 'staging.har', target: { kind: 'mock', baseUrl: 'http://127.0.0.1:1' }, startedAt: '2026-11-26T10:00:00.000Z',
  exchanges: 3, skipped: [], timing: [], operations: [{ operationId: 'listVouchers', exchanges: 3, agreeing: 2, agreement: 0.667 }],
  differences: [{ entry: 1, operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', kind: 'field-removed', pointer: '/vouchers/0/code', recorded: 'A', now: undefined }],
}

beforeAll(async () => {
  browser = await launchBrowser()
  dir = mkdtempSync(join(tmpdir(), 'promokit-matrix-'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('matrix.html in Chromium', () => {
  it('shows the badge figure and the failing operation first, sorts by a clicked column, and escapes every value', async () => {
    const mock: RunReport = { ...report, target: { baseUrl: 'http://127.0.0.1:4010', isMock: true }, startedAt: '2026-11-25T09:00:00.000Z', results: report.results.map((r) => ({ ...r, status: 'passed' as const, failure: undefined })) }
    const matrix = await matrixOf({
      contracts: [{ file: 'runs/staging.json', report }, { file: 'runs/mock.json', report: mock }], replays: [{ file: 'runs/replay.json', report: replayReport }], ignored: [],
      baselines: [{ file: 'b.json', entries: [{ check: 'categories.get', signature: 'body /not-this-one', reason: '<img src=x onerror=alert(1)>', owner: 'team <b>', expires: '2026-12-31' }] }],
    }, new Date('2026-11-26T12:00:00.000Z'))
    const file = join(dir, 'matrix.html')
    writeFileSync(file, renderMatrixHtml(matrix))
    const page = await browser.newPage()
    await page.setViewportSize({ width: 1400, height: 900 })
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await page.goto(pathToFileURL(file).href)
    await browser.screenshot(page, 'matrix-top')
    const pageWidth = () => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)

    expect(await page.locator('.summary strong').innerText()).toBe(`conformance 5/${OPERATIONS}`)
    // Readable in a 1400 px window: nothing wider than the window, no date or result broken over two lines.
    expect(await pageWidth()).toBeLessThanOrEqual(1400)
    const lineHeights = await page.locator('#matrix .when').evaluateAll((spans) => spans.map((s) => s.getClientRects().length))
    expect(lineHeights.length).toBeGreaterThan(10)
    expect(lineHeights.filter((lines) => lines !== 1)).toEqual([])
    // opening the longest list of checks keeps the page within the window
    await page.locator('#createCampaign summary').click()
    expect(await page.locator('#createCampaign details li').count()).toBeGreaterThan(30)
    expect(await pageWidth()).toBeLessThanOrEqual(1400)
    await page.locator('#createCampaign summary').click()
    expect(await page.locator('#getCategory').innerText()).toMatch(/JS\s+categories\.get\s+Python\s+CategoriesApi\.get_category/)
    // Where each column came from: the report files, their targets and dates.
    expect(await page.locator('.sources').innerText()).toMatch(/staging 2026-11-26: https:\/\/staging\.example\.com, 2 passed, 1 failed runs\/staging\.json\nmock 2026-11-25[^\n]+\nreplay of staging\.har against mock 2026-11-26: 3 exchange\(s\), 1 difference\(s\) runs\/replay\.json/)
    const firstColumn = () => page.locator('#matrix tbody tr td:first-child strong').allInnerTexts()
    const before = await firstColumn()
    expect(before).toHaveLength(OPERATIONS)
    expect(before[0]).toBe('getCategory')
    expect(await page.locator('#matrix tbody tr').first().getAttribute('class')).toBe('state-failing')
    // a row's state marks its edge, not the colour of everything in it (a cell's result has its own)
    const colour = (selector: string) => page.locator(selector).first().evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color)
    expect(await colour('#createCategory strong')).toBe(await colour('#listCategories strong'))
    await expect.poll(() => page.locator('#getCategory').innerText()).toContain('<img src=x onerror=alert(1)>')
    expect(await page.locator('#getCategory img').count()).toBe(0)

    await page.locator('#matrix th', { hasText: 'Operation' }).click()
    const sorted = await firstColumn()
    expect(sorted).toEqual([...before].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })))
    await page.locator('#matrix th', { hasText: 'Operation' }).click()
    expect(await firstColumn()).toEqual([...sorted].reverse())
    expect(dialogs).toEqual([])
  })
})
