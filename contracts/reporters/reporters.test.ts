import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import type { CheckResult, RunReport } from '../types.js'
import { printReport, summaryLine } from './console.js'
import { groupProblems } from './html-failures.js'
import { renderHtml } from './html.js'
import { renderJson } from './json.js'
import { renderJunit } from './junit.js'

const DELETE_202 = 'delete: 202 + async_action_id, deleted asynchronously (real service)'
const NASTY = `<script>alert("x")</script> & 'quotes' \u0001`

function sampleReport(): RunReport {
  return {
    runId: 'abc123',
    prefix: 'pk-abc123-',
    target: { baseUrl: 'https://staging.example.com', isMock: false },
    readOnly: false,
    startedAt: '2026-01-15T09:00:00.000Z',
    durationMs: 1234,
    requests: 42,
    results: [
      { id: 'campaigns.create-promotion', title: 'create a PROMOTION campaign', operationIds: ['createCampaign'], status: 'passed', durationMs: 12 },
      { id: 'campaigns.delete', title: 'delete a campaign', operationIds: ['deleteCampaign'], status: 'passed', durationMs: 9, follows: [DELETE_202] },
      {
        id: 'categories.create',
        title: `create a category ${NASTY}`,
        operationIds: ['createCategory'],
        status: 'failed',
        durationMs: 8,
        failure: {
          checkId: 'categories.create',
          title: 'create a category',
          operationId: 'createCategory',
          status: 200,
          curl: `curl -X POST https://staging.example.com/v1/categories -H 'X-App-Token: ****' --data '{"name":"${NASTY}"}'`,
          problems: [{ location: 'body', pointer: '/id', message: "must have required property 'id'", keyword: 'required', expected: 'cat_...', actual: NASTY }],
          request: { method: 'POST', url: 'https://staging.example.com/v1/categories', headers: { 'X-App-Token': '****' }, body: '{"name":"x"}' },
          response: { status: 200, headers: { 'content-type': 'application/json' }, body: `{"name":${JSON.stringify(NASTY)}}` },
        },
      },
      { id: 'rewards.update-assignment', title: 'update a reward assignment', operationIds: ['updateRewardAssignment'], status: 'skipped', reason: 'needs --reward-id', durationMs: 0 },
    ],
    coverage: [
      { operationId: 'createCategory', method: 'POST', path: '/v1/categories', statuses: [{ status: '200', exercised: true }, { status: '400', exercised: false }], undocumented: [418] },
    ],
    summary: { passed: 2, failed: 1, skipped: 1 },
    cleanup: { deleted: ['deleteCampaign camp_1'], failed: [], kept: ['category cat_1 (pk-run1-category-1)'] },
  }
}

describe('JUnit reporter', () => {
  it('writes well-formed XML with one testcase per check and the right counts', () => {
    const xml = renderJunit(sampleReport())
    expect(XMLValidator.validate(xml)).toBe(true)
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    expect(doc.testsuites).toMatchObject({ tests: '4', failures: '1', skipped: '1' })
    const suites = [doc.testsuites.testsuite].flat()
    const cases = suites.flatMap((s: any) => [s.testcase].flat())
    expect(cases).toHaveLength(4)
    const failed = cases.find((c: any) => c.failure)
    expect(failed.failure.message).toContain('body /id')
    expect(failed.failure['#text']).toContain('curl -X POST')
    expect(cases.find((c: any) => c.skipped).skipped.message).toBe('needs --reward-id')
  })
})

describe('HTML reporter', () => {
  it('is one self-contained page showing the failure, its request and the coverage table', () => {
    const html = renderHtml(sampleReport())
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('2 passed, 1 failed, 1 skipped')
    expect(html).toContain('categories.create')
    expect(html).toContain('<code>/id</code>')
    expect(html).toContain('curl -X POST')
    expect(html).toContain('undocumented: 418')
    expect(html).toContain('1 kept (the API cannot delete them')
    expect(html).toContain('category cat_1 (pk-run1-category-1)')
    expect(html).not.toMatch(/<script|<link|src=|@import|https?:\/\/(?!staging\.example\.com)/)
    expect(html).toContain('&lt;script&gt;')
  })

  it('says, per check, which documented behaviour the target follows, in a table after the failures', () => {
    const html = renderHtml(sampleReport())
    expect(html.indexOf('Documented alternatives (')).toBeGreaterThan(html.indexOf('id="failures"'))
    expect(html.indexOf('Documented alternatives (')).toBeLessThan(html.indexOf('id="skipped"'))
    expect(html).toContain(`<tr><td>campaigns.delete</td><td>${DELETE_202}</td></tr>`)
  })

  it('shows the same problem of several checks once, across operations, the most widespread first', () => {
    const report = sampleReport()
    const failing = report.results[2]
    const sameProblem = (id: string, operationId: string, status: number): CheckResult => ({
      ...failing,
      id,
      operationIds: [operationId],
      failure: { ...failing.failure!, checkId: id, operationId, status, problems: [{ location: 'body', pointer: '/request_id', message: 'Error.request_id must identify the request', keyword: 'errorShape' }] },
    })
    report.results.push(sameProblem('campaigns.get-unknown-404', 'getCampaign', 404), sameProblem('exports.get-unknown-404', 'getExport', 404))
    const groups = groupProblems(report.results.filter((r) => r.failure))
    expect(groups.map((g) => [g.headline, g.checks.map((c) => c.id)])).toEqual([
      ['body /request_id: Error.request_id must identify the request', ['campaigns.get-unknown-404', 'exports.get-unknown-404']],
      ["body /id: must have required property 'id'", ['categories.create']],
    ])
    const html = renderHtml(report)
    expect(html.match(/<article class="failure"/g)).toHaveLength(2)
    expect(html).toContain('<a id="exports.get-unknown-404" href="#problem-1">')
    expect(html).toContain('The requests of the other 1 check')
  })
})

describe('JSON reporter', () => {
  it('round-trips the report with failures, pointers and coverage', () => {
    const json = JSON.parse(renderJson(sampleReport()))
    expect(json.format).toBe('promokit-contract-report')
    expect(json.results[2].failure.problems[0].pointer).toBe('/id')
    expect(json.coverage[0].statuses).toHaveLength(2)
    expect(json.results[1].follows).toEqual([DELETE_202])
  })
})

describe('console reporter', () => {
  it('ends with exactly the summary line', () => {
    let out = ''
    printReport({ write: (t) => (out += t) }, sampleReport())
    expect(out.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed, 1 skipped')
    expect(summaryLine(sampleReport())).toBe('2 passed, 1 failed, 1 skipped')
    expect(out).toContain('body /id')
    expect(out).toContain(`the target follows:\n  campaigns.delete: ${DELETE_202}\n`)
    expect(out).toContain('1 kept (the API cannot delete them; named with the run prefix):\n  - category cat_1 (pk-run1-category-1)')
  })
})
