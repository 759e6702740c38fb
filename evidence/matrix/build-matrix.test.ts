import { describe, expect, it } from 'vitest'
import { loadSpec } from '../../src/spec/load-spec.js'
import { listOperations } from '../../src/spec/operations.js'
import { signatureOf } from '../../contracts/baseline.js'
import type { CheckResult, RunReport } from '../../contracts/types.js'
import type { ReplayReport } from '../replay/replay.js'
import { renderBadge } from './badge.js'
import { sortRows } from './build-matrix.js'
import { matrixOf } from './matrix-command.js'
import type { Runs } from './read-runs.js'
import { renderMatrixMarkdown } from './render-md.js'

/** The spec's operations: the matrix has a row for each, however many the spec holds. */
const OPERATIONS = listOperations(await loadSpec()).length

const result = (id: string, operationIds: string[], status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({ id, title: id, operationIds, status, durationMs: 1, ...extra })

function contractReport(baseUrl: string, isMock: boolean, startedAt: string, results: CheckResult[]): RunReport {
  return {
    runId: 'r', prefix: 'pk-r-', target: { baseUrl, isMock }, readOnly: false, startedAt, durationMs: 1, requests: 1, results, coverage: [],
    summary: { passed: results.filter((r) => r.status === 'passed').length, failed: results.filter((r) => r.status === 'failed').length, skipped: 0 },
    cleanup: { deleted: [], failed: [] },
  }
}

const staging = contractReport('https://staging.example.com', false, '2026-11-26T09:00:00.000Z', [
  // categories.get uses listCategories and getCategory; its failing request was getCategory's.
  result('categories.get', ['listCategories', 'getCategory'], 'failed', { failure: { checkId: 'categories.get', title: 't', operationId: 'getCategory', problems: [] } }),
  result('categories.list', ['listCategories'], 'passed'),
  result('categories.create', ['createCategory'], 'failed', { baseline: { check: 'categories.create', signature: 'body /id', reason: 'PROMO-1', owner: 'team-a', expires: '2026-12-31', expired: false } }),
  result('campaigns.delete', ['createCampaign', 'deleteCampaign', 'getCampaign', 'listCampaigns'], 'passed', { follows: ['delete: 202 + async_action_id (real service)'] }),
  // The suite notes which operation's answer showed each documented alternative: that row lists it, not the create before it.
  result('checkout.validate-six-redeemables', ['createCampaign', 'listVouchers', 'validateStackedDiscounts'], 'passed', {
    follows: ['read while generating: 404 with Retry-After (real service)', '6 redeemables: refused with 400 (API description: at most 5)'],
    followsOn: { 'read while generating: 404 with Retry-After (real service)': 'listVouchers', '6 redeemables: refused with 400 (API description: at most 5)': 'validateStackedDiscounts' },
  }),
])
const olderStaging = contractReport('https://staging.example.com', false, '2026-11-20T09:00:00.000Z', [result('categories.get', ['listCategories', 'getCategory'], 'passed')])
// run after staging: its column still comes after the deployment's
const mock = contractReport('http://127.0.0.1:4010', true, '2026-11-26T11:00:00.000Z', [result('categories.get', ['listCategories', 'getCategory'], 'passed')])
const replayReport: ReplayReport = {
  format: 'promokit-replay-report', version: 1, har: 'staging.har', target: { kind: 'mock', baseUrl: 'http://127.0.0.1:1' }, startedAt: '2026-11-26T10:00:00.000Z',
  exchanges: 3, skipped: [], differences: [], timing: [],
  operations: [{ operationId: 'listVouchers', exchanges: 2, agreeing: 1, agreement: 0.5 }, { operationId: 'listCategories', exchanges: 1, agreeing: 1, agreement: 1 }],
}
const runs: Runs = {
  contracts: [{ file: 'old.json', report: olderStaging }, { file: 'staging.json', report: staging }, { file: 'mock.json', report: mock }],
  replays: [{ file: 'replay.json', report: replayReport }],
  baselines: [{ file: 'baseline.json', entries: [{ check: 'categories.create', signature: 'body /id', reason: 'PROMO-1: ids without prefix', owner: 'team-a', expires: '2026-12-31' }] }],
  ignored: [],
}

describe('the fidelity matrix', async () => {
  const matrix = await matrixOf(runs, new Date('2026-11-26T12:00:00.000Z'))
  const row = (id: string) => matrix.operations.find((r) => r.operationId === id)!

  it('has one row per operation of the spec, with the suite\'s checks split into positive and negative', () => {
    expect(matrix.operations).toHaveLength(OPERATIONS)
    expect(new Set(matrix.operations.map((r) => r.operationId)).size).toBe(OPERATIONS)
    expect(row('getCategory').checks).toEqual({ positive: ['categories.get'], negative: ['categories.get-unknown-404', 'auth.getCategory', 'auth.bearer-scopes', 'auth.foreign-keys'] })
    expect(row('getCategory').servedByMock).toBe(true)
  })

  it('keeps the last result per target with its date, and blames a failed check on the operation of its failing request', () => {
    expect(matrix.targets.map((t) => `${t.name} ${t.date}`)).toEqual(['staging 2026-11-26', 'mock 2026-11-26'])
    expect(row('getCategory').targets).toEqual([
      { target: 'staging', date: '2026-11-26', result: 'failed', failedChecks: ['categories.get'] },
      { target: 'mock', date: '2026-11-26', result: 'passed', failedChecks: [] },
    ])
    expect(row('getCategory').state).toBe('failing')
    expect(row('listCategories').targets[0].result).toBe('passed')
    expect(row('createCategory').targets[0]).toMatchObject({ result: 'known', failedChecks: ['categories.create'] })
    expect(row('createCategory').state).toBe('known')
  })

  it('shows replay agreement, baseline entries with owner and expiry, documented choices and the SDK methods', () => {
    expect(row('listVouchers')).toMatchObject({ state: 'replay-differs', replay: { against: 'mock', exchanges: 2, agreeing: 1, agreement: 0.5, date: '2026-11-26' } })
    expect(row('createCategory').deviations).toContainEqual({ kind: 'baseline', text: 'PROMO-1: ids without prefix', check: 'categories.create', owner: 'team-a', expires: '2026-12-31' })
    expect(row('listCampaigns').deviations).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'choice', text: expect.stringMatching(/invalid_query_params/) }),
      { kind: 'follows', text: 'delete: 202 + async_action_id (real service)', target: 'staging' },
    ]))
    const follows = (id: string) => row(id).deviations.filter((d) => d.kind === 'follows').map((d) => d.text)
    expect(follows('validateStackedDiscounts')).toEqual(['6 redeemables: refused with 400 (API description: at most 5)'])
    expect(follows('listVouchers')).toEqual(['read while generating: 404 with Retry-After (real service)'])
    expect(follows('createCampaign')).toEqual(['delete: 202 + async_action_id (real service)'])
    expect(row('createCampaign').sdk).toEqual({ js: ['campaigns.create'], python: ['CampaignsApi.create_campaign'] })
  })

  it('tells a failure the baseline given to the matrix tolerates as known, when the report was run without it', async () => {
    const problems = [{ location: 'body' as const, pointer: '/hierarchy', message: 'must be integer', keyword: 'type' }]
    const failing = contractReport('https://staging.example.com', false, '2026-11-26T09:00:00.000Z', [
      result('categories.get', ['listCategories', 'getCategory'], 'failed', { failure: { checkId: 'categories.get', title: 't', operationId: 'getCategory', problems } }),
    ])
    const entry = { check: 'categories.get', signature: signatureOf(problems), reason: 'PROMO-2', owner: 'team-b', expires: '2026-12-31' }
    const of = async (expires: string) => (await matrixOf({ contracts: [{ file: 's.json', report: failing }], replays: [], ignored: [], baselines: [{ file: 'b.json', entries: [{ ...entry, expires }] }] }, new Date('2026-11-26T12:00:00.000Z')))
      .operations.find((r) => r.operationId === 'getCategory')!
    expect((await of('2026-12-31')).targets[0]).toMatchObject({ result: 'known', failedChecks: ['categories.get'] })
    expect((await of('2026-12-31')).state).not.toBe('failing')
    // an expired entry tolerates nothing
    expect((await of('2026-11-26')).state).toBe('failing')
  })

  it('sorts failures first, then replay differences, then unchecked, then passing', () => {
    const states = sortRows(matrix.operations).map((r) => r.state)
    expect(states[0]).toBe('failing')
    const order = ['failing', 'replay-differs', 'known', 'unchecked', 'passing']
    expect(states).toEqual([...states].sort((a, b) => order.indexOf(a) - order.indexOf(b)))
    expect(states.slice(0, 3)).toEqual(['failing', 'replay-differs', 'known'])
  })

  it('gives the badge the most recent deployment\'s conformance: operations passing there out of all', () => {
    const passingOnStaging = matrix.operations.filter((r) => r.targets.find((t) => t.target === 'staging')?.result === 'passed').map((r) => r.operationId)
    expect(passingOnStaging.sort()).toEqual(['createCampaign', 'deleteCampaign', 'getCampaign', 'listCampaigns', 'listCategories', 'listVouchers', 'validateStackedDiscounts'])
    expect(matrix.conformance).toEqual({ target: 'staging', date: '2026-11-26', passing: 7, total: OPERATIONS })
    expect(renderBadge(matrix)).toContain(`7/${OPERATIONS} · staging 2026-11-26`)
    expect(renderMatrixMarkdown(matrix).split('\n')[0]).toBe(`![conformance 7/${OPERATIONS} · staging 2026-11-26](badge.svg)`)
  })

  it('reads "conformance N/N" when every operation passed on the target', async () => {
    const all = (await matrixOf({ contracts: [], replays: [], baselines: [], ignored: [] })).operations.map((r) => r.operationId)
    const everything = contractReport('https://staging.example.com', false, '2026-11-26T09:00:00.000Z', all.map((id) => result(`auth.${id}`, [id], 'passed')))
    const full = await matrixOf({ contracts: [{ file: 'f', report: everything }], replays: [], baselines: [], ignored: [] })
    expect(renderBadge(full)).toContain(`conformance: ${OPERATIONS}/${OPERATIONS} · staging 2026-11-26`)
  })
})
