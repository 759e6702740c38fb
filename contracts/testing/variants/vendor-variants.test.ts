import { beforeAll, describe, expect, it } from 'vitest'
import { failures, runAgainst } from './run-wrapped.js'
import { errorAnswer, onRequest } from './rewrites.js'
import { VENDOR_VARIANTS } from './vendor-variants.js'
import { useSuiteAndMock } from '../suite-and-mock.js'
import type { RunReport } from '../../types.js'

const t = useSuiteAndMock()

const skipped = (report: RunReport): string[] => report.results.filter((r) => r.status === 'skipped').map((r) => r.id)

describe('no false alarms on what the real service documents (issue 25)', () => {
  // A check that skips under a variant but runs against the plain mock would hide a false alarm as a skip.
  let plainSkips: string[] = []
  beforeAll(async () => {
    plainSkips = skipped(await runAgainst(t.mock, t.suite, { clean: true }))
  })

  it.each(VENDOR_VARIANTS)('$kind ($source)', async (variant) => {
    const report = await runAgainst(t.mock, t.suite, variant)
    expect(failures(report)).toEqual([])
    expect(report.cleanup.failed).toEqual([])
    expect(report.summary.passed).toBeGreaterThan(50)
    expect(report.unfired, 'every fault of the variant met an answer or request it acts on').toEqual([])
    expect(skipped(report).filter((id) => !plainSkips.includes(id)), 'checks skipped only under the variant').toEqual([])
    if (variant.follows) {
      const [check, shown] = variant.follows
      expect(report.results.filter((r) => check === '*' || r.id === check).flatMap((r) => r.follows ?? []).join('; ')).toContain(shown)
    }
  })
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
