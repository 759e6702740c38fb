import { describe, expect, it } from 'vitest'
import { runSuite } from './runner.js'
import type { KnownIds, RunReport } from './types.js'
import { onResponse } from './variants/rewrites.js'
import { wrapMock, type Behaviour } from './variants/wrap-mock.js'
import { useSuiteAndMock } from './suite-and-mock.js'

const t = useSuiteAndMock()

/** The referral checks only, through `behaviour`; returns the report and the holders paths requested. */
async function run(behaviour: Behaviour, ids: KnownIds = {}): Promise<{ report: RunReport; paths: string[] }> {
  await t.mock.reset()
  const paths: string[] = []
  const seen: Behaviour = { request: (req) => void (req.operationId === 'listReferralCodeHolders' && paths.push(req.url.pathname)) }
  const wrapped = await wrapMock(t.mock.url, { request: seen.request, response: behaviour.response }, t.suite.validator.operations)
  try {
    const checks = t.suite.checks.filter((c) => c.id.startsWith('referrals.'))
    const report = await runSuite({ baseUrl: wrapped.url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId, ...ids }, isMock: true, validator: t.suite.validator, checks })
    return { report, paths }
  } finally {
    await wrapped.close()
  }
}

const holderChecks = (report: RunReport) => report.results.filter((r) => r.id.startsWith('referrals.holders') || r.id === 'referrals.member-holders')
/** Holders of the codes listed in `without` are hidden (an empty list), others pass unchanged. */
const emptyFor = (without: (path: string) => boolean): Behaviour =>
  onResponse(['listReferralCodeHolders', 'listMemberHolders'], (res, req) => void (without(req.url.pathname) && Object.assign(res.body, { data: [], total: 0, has_more: false })), 200)

describe('the holders checks run on a referral code that has holders (issue 12 section 2)', () => {
  it('discovery skips codes without holders and picks one that has some', async () => {
    const { report, paths } = await run(emptyFor((p) => p.includes('REF-ALICE')))
    expect(holderChecks(report).map((r) => r.status)).toEqual(['passed', 'passed', 'passed'])
    expect(paths.filter((p) => p.endsWith('/REF-BOB1/holders')).length).toBeGreaterThan(1)
  })

  it('with no code that has holders, the holders checks are SKIPPED and say why (never a silent pass)', async () => {
    const { report } = await run(emptyFor(() => true))
    expect(holderChecks(report)).toHaveLength(3)
    for (const r of holderChecks(report)) {
      expect(r.status).toBe('skipped')
      expect(r.reason).toMatch(/has holders; pass --referral-member-id/)
    }
  })

  it('uses --referral-member-id when given, and skips with the reason when that code has no holders', async () => {
    const { report, paths } = await run({}, { referralCampaignId: 'camp_demo0005', referralMemberId: 'REF-NEW1' })
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.every((p) => p.includes('/REF-NEW1/') || p.includes('PK-UNKNOWN'))).toBe(true)
    expect(holderChecks(report)).toHaveLength(3)
    for (const r of holderChecks(report)) expect([r.status, r.reason]).toEqual(['skipped', 'the referral code REF-NEW1 (--referral-member-id) of camp_demo0005 has no holders; pass a code that has some'])
  })

  it('checks the code given: one of another campaign, or unknown, is named as such (never "pass --referral-member-id")', async () => {
    const other = await run({}, { referralCampaignId: 'camp_demo0005', referralMemberId: 'WELCOME-0001' })
    const owner = ((await (await fetch(`${t.mock.url}/v1/vouchers/WELCOME-0001`, { headers: { 'X-App-Id': t.mock.credentials.appId, 'X-App-Token': t.mock.credentials.appToken } })).json()) as any).campaign_id
    expect(owner).not.toBe('camp_demo0005')
    expect(holderChecks(other.report)).toHaveLength(3)
    for (const r of holderChecks(other.report)) expect(r.reason).toContain(`belongs to ${owner}`)
    const unknown = await run(emptyFor(() => true), { referralCampaignId: 'camp_demo0005', referralMemberId: 'PK-NO-SUCH-CODE' })
    expect(holderChecks(unknown.report)).toHaveLength(3)
    for (const r of holderChecks(unknown.report)) expect([r.status, r.reason]).toEqual(['skipped', 'the referral code PK-NO-SUCH-CODE (--referral-member-id) does not exist on the target'])
  })

  it('a code given without its campaign is looked for in its own campaign', async () => {
    const { report, paths } = await run({}, { referralMemberId: 'REF-BOB1' })
    expect(paths.every((p) => p.includes('/REF-BOB1/') || p.includes('PK-UNKNOWN'))).toBe(true)
    expect(holderChecks(report).map((r) => r.status)).toEqual(['passed', 'passed', 'passed'])
  })
})
