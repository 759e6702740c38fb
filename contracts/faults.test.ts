import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/server.js'
import { runSuite } from './runner.js'
import { loadSuite, type Suite } from './suite.js'
import type { ProblemLocation, RunReport } from './types.js'

interface FaultCase {
  kind: string
  /** One fault, or several armed together. */
  fault: Record<string, unknown> | Record<string, unknown>[]
  check: string
  location: ProblemLocation
  pointer: string
}

/** Issue 4's proof: each fault, injected through the control API, is reported by the right check at the right place. */
const CASES: FaultCase[] = [
  { kind: 'a required field dropped', fault: { operationId: 'createCategory', action: 'drop', pointer: '/id', whenStatus: 200 }, check: 'categories.create', location: 'body', pointer: '/id' },
  { kind: 'a wrong type', fault: { operationId: 'createCategory', action: 'set', pointer: '/hierarchy', value: '7', whenStatus: 200 }, check: 'categories.create', location: 'body', pointer: '/hierarchy' },
  { kind: 'a wrong id prefix', fault: { operationId: 'getVoucher', action: 'set', pointer: '/id', value: 'camp_0001', whenStatus: 200 }, check: 'vouchers.generated-codes', location: 'body', pointer: '/id' },
  { kind: 'an unknown enum value', fault: { operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/0/campaign_type', value: 'BOGUS', whenStatus: 200 }, check: 'list.paging', location: 'body', pointer: '/campaigns/0/campaign_type' },
  { kind: 'an undocumented status', fault: { operationId: 'getMetadataSchema', action: 'status', status: 418 }, check: 'management.metadata-schema', location: 'status', pointer: '' },
  { kind: 'a 200 where a duplicate must get 409', fault: { operationId: 'createCampaign', action: 'status', status: 200 }, check: 'campaigns.duplicate-name-409', location: 'status', pointer: '' },
  // The campaign store re-checks `limit` itself, so besides skipping request validation its 400 is turned into a 200.
  {
    kind: 'limit 101 accepted',
    fault: [{ operationId: 'listCampaigns', action: 'skip-request-validation' }, { operationId: 'listCampaigns', action: 'status', status: 200 }],
    check: 'list.limit-over-100-400',
    location: 'status',
    pointer: '',
  },
  { kind: 'an error body without key', fault: { operationId: 'getCampaign', action: 'drop', pointer: '/key', whenStatus: 404 }, check: 'campaigns.get-unknown-404', location: 'body', pointer: '/key' },
  { kind: 'a list page overlapping the previous one', fault: { operationId: 'listCampaigns', action: 'page-overlap' }, check: 'list.paging', location: 'behaviour', pointer: '/campaigns/0/id' },
  { kind: 'an export that never leaves SCHEDULED', fault: { operationId: 'getExport', action: 'export-stuck' }, check: 'exports.lifecycle', location: 'behaviour', pointer: '/status' },
  // 9100 is a valid amount for the schema: only the money invariant (10000 - 1000 off = 9000) can catch it.
  {
    kind: 'a wrong order total in a validation',
    fault: { operationId: 'validateStackedDiscounts', action: 'set', pointer: '/order/total_amount', value: 9100, whenStatus: 200 },
    check: 'checkout.coupon-redeem-once',
    location: 'behaviour',
    pointer: '/order/total_amount',
  },
]

let mock: MockServer
let suite: Suite

beforeAll(async () => {
  suite = await loadSuite()
  mock = await createMockServer()
})
beforeEach(() => mock.reset())
afterAll(() => mock?.close())

async function runWithFault(faults: FaultCase['fault']): Promise<RunReport> {
  for (const fault of [faults].flat()) {
    const res = await fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
  }
  return runSuite({ baseUrl: mock.url, credentials: mock.credentials, ids: { projectId: mock.credentials.projectId }, isMock: true, validator: suite.validator, checks: suite.checks })
}

describe('promokit contract with faults injected into the mock', () => {
  it.each(CASES)('reports $kind in $check at $location $pointer', async ({ fault, check, location, pointer }) => {
    const report = await runWithFault(fault)
    const failure = report.results.find((r) => r.id === check)?.failure
    expect(failure, `${check} should fail; failed: ${report.results.filter((r) => r.failure).map((r) => r.id).join(', ')}`).toBeDefined()
    expect(failure!.problems).toContainEqual(expect.objectContaining({ location, pointer }))
    expect(failure!.curl).toMatch(/^curl -X /)
    expect(failure!.curl).not.toContain(mock.credentials.appToken)
    expect(report.summary.failed).toBeGreaterThan(0)
    expect(report.cleanup.failed).toEqual([])
  })
})
