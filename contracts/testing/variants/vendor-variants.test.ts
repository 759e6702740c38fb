import { beforeAll, describe, expect, it } from 'vitest'
import { expectPasses } from './expect-passes.js'
import { runClean, type CleanRun } from './narrow.js'
import { failures, runAgainst } from './run-wrapped.js'
import { errorAnswer, onRequest } from './rewrites.js'
import { VENDOR_VARIANTS } from './vendor-variants.js'
import { useSuiteAndMock } from '../suite-and-mock.js'

const t = useSuiteAndMock()

describe('no false alarms on what the real service documents (issue 25)', () => {
  // The whole suite against the plain mock, once: each variant runs again the checks that receive an answer it
  // changes (narrow.ts); a check that skips under a variant but runs against the plain mock fails (a hidden false alarm).
  let clean: CleanRun
  beforeAll(async () => {
    clean = await runClean(t.mock, t.suite)
  })

  it('the whole suite passes the plain mock (what the other checks of each variant would see)', () => {
    expect(failures(clean.report)).toEqual([])
    expect(clean.report.summary.passed).toBeGreaterThan(50)
  })

  it.each(VENDOR_VARIANTS)('$kind ($source)', (variant) => expectPasses(t.mock, t.suite, variant, clean))
})

describe('orders promokit documents for its mock only are not sent to a deployment (issue 25)', () => {
  // The real service documents 4 orders of List Campaigns (notes §2.2): a deployment refusing order=name is right.
  const refusesName = onRequest('listCampaigns', (req) => (/^-?name$/.test(req.url.searchParams.get('order') ?? '') ? errorAnswer(400, 'invalid_query_params', 'order must be one of created_at, -created_at, updated_at, -updated_at') : undefined))

  it('a deployment refusing order=name passes the list checks', async () => {
    const only = t.suite.checks.filter((c) => c.id.startsWith('list.') || c.id === 'lists.listCampaigns').map((c) => c.id)
    const report = await runAgainst(t.mock, t.suite, { behaviour: refusesName }, { only, deployment: true })
    expect(failures(report)).toEqual([])
    expect(report.results.find((r) => r.id === 'lists.listCampaigns')?.status).toBe('passed')
    expect(report.results.find((r) => r.id === 'list.order-name')?.status).toBe('skipped')
  })

  it('the mock is still asked order=name (and its answer checked)', async () => {
    const report = await runAgainst(t.mock, t.suite, { behaviour: refusesName }, { only: ['lists.listCampaigns'] })
    expect(failures(report)).toEqual([expect.stringContaining('lists.listCampaigns')])
  })
})
