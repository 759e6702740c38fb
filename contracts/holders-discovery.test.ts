import { describe, expect, it } from 'vitest'
import type { FaultInput } from '../mock/control/faults.js'
import { runSuite } from './runner.js'
import type { KnownIds, RunReport } from './types.js'
import { set } from './testing/variants/defect-faults.js'
import { armFaults } from './testing/variants/run-wrapped.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'

const t = useSuiteAndMock()

/** The referral checks only, with `faults` armed in the mock; returns the report and the holders paths requested (its journal). */
async function run(faults: readonly FaultInput[], ids: KnownIds = {}): Promise<{ report: RunReport; paths: string[] }> {
  await t.mock.reset()
  await armFaults(t.mock.url, faults)
  try {
    const checks = t.suite.checks.filter((c) => c.id.startsWith('referrals.'))
    const report = await runSuite({ baseUrl: t.mock.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId, ...ids }, isMock: true, validator: t.suite.validator, checks })
    const journal = (await (await fetch(`${t.mock.url}/_mock/requests`)).json()) as { requests: { operationId?: string; path: string }[] }
    return { report, paths: journal.requests.filter((r) => r.operationId === 'listReferralCodeHolders').map((r) => r.path) }
  } finally {
    await t.mock.reset()
  }
}

const holderChecks = (report: RunReport) => report.results.filter((r) => r.id.startsWith('referrals.holders') || r.id === 'referrals.member-holders')
/** Holders of the code `memberId` (every code when omitted) are hidden: an empty list; others pass unchanged. */
const emptyFor = (memberId?: string): FaultInput[] =>
  ['listReferralCodeHolders', 'listMemberHolders'].flatMap((op) =>
    Object.entries({ '/data': [], '/total': 0, '/has_more': false }).map(([pointer, value]) => ({ ...set(op, pointer, value), ...(memberId ? { match: { params: { memberId } } } : {}) })),
  )

describe('the holders checks run on a referral code that has holders (issue 12 section 2)', () => {
  it('discovery skips codes without holders and picks one that has some', async () => {
    const { report, paths } = await run(emptyFor('REF-ALICE'))
    expect(holderChecks(report).map((r) => r.status)).toEqual(['passed', 'passed', 'passed'])
    expect(paths.filter((p) => p.endsWith('/REF-BOB1/holders')).length).toBeGreaterThan(1)
  })

  it('with no code that has holders, the holders checks are SKIPPED and say why (never a silent pass)', async () => {
    const { report } = await run(emptyFor())
    expect(holderChecks(report)).toHaveLength(3)
    for (const r of holderChecks(report)) {
      expect(r.status).toBe('skipped')
      expect(r.reason).toMatch(/has holders; pass --referral-member-id/)
    }
  })

  it('uses --referral-member-id when given, and skips with the reason when that code has no holders', async () => {
    const { report, paths } = await run([], { referralCampaignId: 'camp_demo0005', referralMemberId: 'REF-NEW1' })
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.every((p) => p.includes('/REF-NEW1/') || p.includes('PK-UNKNOWN'))).toBe(true)
    expect(holderChecks(report)).toHaveLength(3)
    for (const r of holderChecks(report)) expect([r.status, r.reason]).toEqual(['skipped', 'the referral code REF-NEW1 (--referral-member-id) of camp_demo0005 has no holders; pass a code that has some'])
  })

  it('checks the code given: one of another campaign, or unknown, is named as such (never "pass --referral-member-id")', async () => {
    const other = await run([], { referralCampaignId: 'camp_demo0005', referralMemberId: 'WELCOME-0001' })
    const owner = ((await (await fetch(`${t.mock.url}/v1/vouchers/WELCOME-0001`, { headers: { 'X-App-Id': t.mock.credentials.appId, 'X-App-Token': t.mock.credentials.appToken } })).json()) as any).campaign_id
    expect(owner).not.toBe('camp_demo0005')
    expect(holderChecks(other.report)).toHaveLength(3)
    for (const r of holderChecks(other.report)) expect(r.reason).toContain(`belongs to ${owner}`)
    const unknown = await run(emptyFor(), { referralCampaignId: 'camp_demo0005', referralMemberId: 'PK-NO-SUCH-CODE' })
    expect(holderChecks(unknown.report)).toHaveLength(3)
    for (const r of holderChecks(unknown.report)) expect([r.status, r.reason]).toEqual(['skipped', 'the referral code PK-NO-SUCH-CODE (--referral-member-id) does not exist on the target'])
  })

  it('a code given without its campaign is looked for in its own campaign', async () => {
    const { report, paths } = await run([], { referralMemberId: 'REF-BOB1' })
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.every((p) => p.includes('/REF-BOB1/') || p.includes('PK-UNKNOWN'))).toBe(true)
    expect(holderChecks(report).map((r) => r.status)).toEqual(['passed', 'passed', 'passed'])
  })
})
