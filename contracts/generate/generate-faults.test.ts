import { describe, expect, it } from 'vitest'
import { checksPerOperation } from '../checks-per-operation.js'
import { planChecks, runSuite } from '../runner.js'
import { useSuiteAndMock } from '../testing/suite-and-mock.js'
import { armFaults } from '../testing/variants/run-wrapped.js'
import { generatedChecks, generatedWithin } from './index.js'

const t = useSuiteAndMock()

/** The generated check of one operation, against the mock with `faults` armed. */
async function runOne(operationId: string, options: { count: number; seed: number }, faults: Parameters<typeof armFaults>[1]) {
  await t.mock.reset()
  await armFaults(t.mock.url, faults)
  try {
    const checks = generatedChecks(t.suite.validator, options).filter((c) => c.id === `generate.${operationId}`)
    const report = await runSuite({ baseUrl: t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true, validator: t.suite.validator, checks, maxRequests: 5000 })
    return report.results[0]
  } finally {
    await t.mock.reset()
  }
}

describe('--generate finds an injected fault, shrinks it and says how to replay it (issue 25 section 2)', () => {
  it('a 500 for one filter value: found, shrunk to that parameter alone, printed with the seed, a replay command and a curl line', async () => {
    const fault = { operationId: 'listCampaigns', action: 'status' as const, status: 500, match: { query: { campaign_type: 'GIFT_VOUCHERS' } } }
    const result = await runOne('listCampaigns', { count: 5000, seed: 3 }, [fault])
    expect(result.status).toBe('failed')
    const [problem] = result.failure!.problems
    expect(problem).toMatchObject({ location: 'status', keyword: 'serverError', actual: 500 })
    expect(problem.message).toMatch(/smallest failing case after [1-9]\d* shrink\(s\): a valid request; seed 3; replay: promokit contract --generate 5000 --seed 3 --grep 'generate\\\.listCampaigns\$'/)
    // Shrunk: every other generated parameter dropped, the one that fails kept.
    expect(result.failure!.curl).toMatch(/^curl -X GET '[^']*\/v1\/campaigns\?campaign_type=GIFT_VOUCHERS' /)
  })

  it('an invalid body accepted (a 200 to a broken create): found and shrunk to one broken field', async () => {
    // The mock refuses a category without name with 400; the fault answers 200 instead, creating nothing.
    const fault = { operationId: 'createCategory', action: 'status' as const, status: 200, whenStatus: 400 }
    const result = await runOne('createCategory', { count: 2000, seed: 11 }, [fault])
    expect(result.status).toBe('failed')
    expect(result.failure!.problems[0].message).toMatch(/an invalid request \(.+\) must get a 4xx, never a success .*seed 11/)
    expect(result.failure!.curl).toMatch(/^curl -X POST \S*\/v1\/categories /)
  })

  it('the same seed finds the same smallest case', async () => {
    const fault = { operationId: 'listCampaigns', action: 'status' as const, status: 500, match: { query: { campaign_type: 'GIFT_VOUCHERS' } } }
    const [a, b] = [await runOne('listCampaigns', { count: 5000, seed: 3 }, [fault]), await runOne('listCampaigns', { count: 5000, seed: 3 }, [fault])]
    expect(b.failure!.curl).toBe(a.failure!.curl)
  })
})

describe('stateful sequences follow the links of the answers (issue 25 section 2)', () => {
  it('a tier read by the id its create answer gave answering another tier: found, the sequence shrunk and printed with the seed', async () => {
    const result = await runOne('stateful-campaigns', { count: 1000, seed: 5 }, [{ operationId: 'getPromotionTier', action: 'set', pointer: '/id', value: 'promo_pkSomeOtherTier0', whenStatus: 200 }])
    expect(result.status).toBe('failed')
    const [problem] = result.failure!.problems
    expect(problem).toMatchObject({ location: 'behaviour', pointer: '/id' })
    // Shrunk to the two commands that show it: create, then read a tier of it.
    expect(problem.message).toMatch(/smallest failing sequence after \d+ shrink\(s\): create\([^)]*\),readTier\(#\d, tier \d\); seed 5; replay: /)
    expect(result.failure!.curl).toMatch(/^curl -X GET '?\S*\/v1\/promotions\/tiers\/promo_/)
  })

  it('finds nothing on the clean mock', async () => {
    const result = await runOne('stateful-campaigns', { count: 1000, seed: 5 }, [])
    expect(result.status).toBe('passed')
  })
})

describe('--generate under --budget', () => {
  it('scales the cases per operation down so every operation still runs within the budget', () => {
    const select = (checks: ReturnType<typeof generatedChecks>) => planChecks(checks, {})
    const { checks, count } = generatedWithin(t.suite.validator, { count: 500, seed: 1 }, 250, select)
    expect(count).toBeLessThan(500)
    const planned = planChecks(checks, { budget: 250 })
    expect(checksPerOperation(planned, t.suite.validator.operations).filter((row) => row.checks === 0)).toEqual([])
  })

  it('leaves the count alone without a budget, or when it fits', () => {
    expect(generatedWithin(t.suite.validator, { count: 500, seed: 1 }, undefined, (c) => c).count).toBe(500)
    expect(generatedWithin(t.suite.validator, { count: 100, seed: 1 }, 100_000, (c) => c).count).toBe(100)
  })
})
