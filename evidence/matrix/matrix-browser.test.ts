import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSpec } from '../../src/spec/load-spec.js'
import { listOperations } from '../../src/spec/operations.js'
import type { CheckResult, RunReport } from '../../contracts/types.js'
import { launchBrowser, type Browser } from '../../test/browser/chromium.js'
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
    result('campaigns.delete', ['createCampaign', 'deleteCampaign', 'getCampaign', 'listCampaigns'], 'passed'),
  ],
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
    const matrix = await matrixOf({
      contracts: [{ file: 'staging.json', report }], replays: [], ignored: [],
      baselines: [{ file: 'b.json', entries: [{ check: 'categories.get', signature: 'status', reason: '<img src=x onerror=alert(1)>', owner: 'team <b>', expires: '2026-12-31' }] }],
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

    expect(await page.locator('.summary strong').innerText()).toBe(`conformance 5/${OPERATIONS}`)
    const firstColumn = () => page.locator('#matrix tbody tr td:first-child strong').allInnerTexts()
    const before = await firstColumn()
    expect(before).toHaveLength(OPERATIONS)
    expect(before[0]).toBe('getCategory')
    expect(await page.locator('#matrix tbody tr').first().getAttribute('class')).toBe('failing')
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
