import { describe, expect, it } from 'vitest'
import { Cleanup } from './cleanup.js'
import { HttpClient } from './http-client.js'
import { runSuite, type RunOptions } from './runner.js'
import { runContractCommand } from './testing/run-contract-command.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'
import { scriptedServer } from './testing/test-servers.js'
import { setRequestHeader } from './testing/variants/defect-faults.js'
import { armFaults } from './testing/variants/run-wrapped.js'

const t = useSuiteAndMock()

/**
 * A target whose deletes never apply (202 accepted, the campaign stays): the mock with a fault that sends its
 * deletes `Prefer: example=accepted`, so the spec's example answers them (202, an async action id) and the
 * handler never runs. Time is the mock's: the run's waits advance its clock, and the run's clock reads the
 * time so advanced. The requests are the mock's journal.
 */
async function stuckTarget() {
  await t.mock.reset()
  await armFaults(t.mock.url, [setRequestHeader('deleteCampaign', 'prefer', 'example=accepted')])
  const journal = () => t.mock.deps.journal.list().map((r) => ({ ...r, line: `${r.method} ${r.path}` }))
  let cleanupAfter: string | undefined
  const clock = { now: () => t.mock.deps.clock.now(), sleep: async () => undefined }
  const started = clock.now()
  return {
    target: { url: t.mock.url, close: () => t.mock.reset() },
    clock,
    advanced: () => clock.now() - started,
    /** Call when the cleanup starts; `cleanupRequests()` are the requests from then on. */
    markCleanup: () => void (cleanupAfter = journal().at(-1)?.requestId),
    cleanupRequests: () => {
      const all = journal()
      return all.slice(all.findIndex((r) => r.requestId === cleanupAfter) + 1)
    },
  }
}

const run = (url: string, extra: Partial<RunOptions>) =>
  runSuite({ baseUrl: url, credentials: t.mock.credentials, ids: { projectId: t.mock.credentials.projectId }, isMock: true, validator: t.suite.validator, checks: t.suite.checks, grep: /^campaigns\.create-/, ...extra })

describe('a target whose deletes never apply (issue 26 section 1)', () => {
  it('polls the leftovers together (one listing a round), prints progress, and reports each one after the poll timeout', async () => {
    const { target, clock, markCleanup, cleanupRequests } = await stuckTarget()
    const progress: string[] = []
    let cleanupStart = 0
    try {
      const onPartialReport = (soFar: { inProgress?: string }) => void (soFar.inProgress === 'cleanup' && (markCleanup(), (cleanupStart = clock.now())))
      const report = await run(target.url, { clock, pollTimeoutMs: 60_000, onProgress: (line) => progress.push(line), onPartialReport })
      const leftovers = report.cleanup.failed
      expect(leftovers.length).toBeGreaterThan(1)
      for (const f of leftovers) expect(f).toMatch(/^deleteCampaign camp_\w+: accepted \(202\) but still listed after 60 s \(stopped by --poll-timeout 60000 ms\)$/)
      // together: 60 s of waiting for all of them (plus the first pause), not 60 s each, and no getCampaign per leftover
      expect(clock.now() - cleanupStart).toBeLessThan(70_000)
      expect(cleanupRequests().length).toBeGreaterThan(0)
      expect(cleanupRequests().filter((r) => r.operationId === 'getCampaign').map((r) => r.line)).toEqual([])
      const rounds = cleanupRequests().filter((r) => r.operationId === 'listCampaigns').length
      expect(rounds).toBeGreaterThan(0)
      expect(rounds).toBeLessThan(20)
      expect(progress[0]).toBe(`cleanup: ${leftovers.length} campaign deletion(s) requested`)
      expect(progress.at(-1)).toMatch(new RegExp(`^cleanup: ${leftovers.length} deleted campaign\\(s\\) still listed after \\d+ s; looking again in \\d+ s$`))
    } finally {
      await target.close()
    }
  })

  it('--deadline: the cleanup stops waiting at the deadline and says so', async () => {
    const ours = ['camp_1', 'camp_2', 'camp_3'].map((id, i) => ({ id, name: `pk-run1-x-${i}` }))
    const server = await scriptedServer((req) =>
      req.method === 'DELETE' ? { status: 202, body: { async_action_id: 'aa_1' } } : { status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns: ours, total: 3 } })
    let now = 0
    try {
      const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 100 })
      const cleanup = new Cleanup({ client: () => client, wait: async (ms) => void (now += ms), pollTimeoutMs: 60_000, deadlineAt: 8_000, now: () => now })
      await cleanup.sweep('pk-run1-')
      const outcome = await cleanup.runAll()
      expect(outcome.failed.sort()).toEqual(ours.map(({ id }) => `deleteCampaign ${id}: accepted (202) but still listed after 7 s (stopped by the run's --deadline)`))
      expect(now).toBe(8_000)
      // one listing a round for the three of them
      expect(server.requests.filter((r) => r.startsWith('GET /v1/campaigns/camp_'))).toEqual([])
      expect(server.requests.filter((r) => r.startsWith('GET /v1/campaigns?')).length).toBeLessThanOrEqual(6)
    } finally {
      await server.close()
    }
  })

  it('--deadline: no check starts after it; the rest are not run, with the reason', async () => {
    const { target, clock } = await stuckTarget()
    try {
      const report = await run(target.url, { clock, grep: /^campaigns\./, deadlineAt: clock.now() - 1 })
      expect(report.interrupted).toBe('deadline reached (--deadline): the remaining checks were not started')
      expect(report.results.length).toBeGreaterThan(0)
      expect(report.results.every((r) => r.status === 'skipped' && r.reason === report.interrupted)).toBe(true)
    } finally {
      await target.close()
    }
  })

  it('writes the report as the run goes: after the checks, before the cleanup', async () => {
    const { target, clock } = await stuckTarget()
    const phases: string[] = []
    let beforeCleanup: Awaited<ReturnType<typeof run>> | undefined
    try {
      const report = await run(target.url, {
        clock, pollTimeoutMs: 5_000,
        onPartialReport: (soFar) => {
          phases.push(soFar.inProgress!)
          if (soFar.inProgress === 'cleanup') beforeCleanup = soFar
        },
      })
      expect(phases.at(-1)).toBe('cleanup')
      expect(phases.filter((p) => p === 'checks')).toHaveLength(report.results.length)
      expect(beforeCleanup!.results).toEqual(report.results)
      expect(beforeCleanup!.cleanup).toEqual({ deleted: [], failed: [], kept: [] })
      expect(report.inProgress).toBeUndefined()
    } finally {
      await target.close()
    }
  })
})

describe('promokit contract --cleanup --run-prefix (issue 26 section 1)', () => {
  const contract = runContractCommand
  const headers = () => ({ 'X-App-Id': t.mock.credentials.appId, 'X-App-Token': t.mock.credentials.appToken, 'content-type': 'application/json' })
  const names = async () => ((await (await fetch(`${t.mock.url}/v1/campaigns?limit=100`, { headers: headers() })).json()) as any).campaigns.map((c: any) => c.name as string)

  it('removes the campaigns an earlier run left, and nothing else', async () => {
    await t.mock.reset()
    for (const name of ['pk-old1-a-1', 'pk-old1-b-2', 'pk-old2-a-1', 'Summer sale']) {
      const res = await fetch(`${t.mock.url}/v1/campaigns`, { method: 'POST', headers: headers(), body: JSON.stringify({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } }) })
      expect(res.status).toBe(200)
    }
    const { appId, appToken } = t.mock.credentials
    const cleaned = await contract(['--cleanup', '--run-prefix', 'pk-old1-', '--base-url', t.mock.url, '--app-id', appId, '--app-token', appToken])
    expect(cleaned.code, cleaned.out).toBe(0)
    expect(cleaned.out).toContain(`2 campaign(s) named pk-old1-… on ${t.mock.url}`)
    expect(cleaned.out).toContain('Cleanup: 2 deleted')
    const left = await names()
    expect(left.filter((n: string) => n.startsWith('pk-old1-'))).toEqual([])
    expect(left).toEqual(expect.arrayContaining(['pk-old2-a-1', 'Summer sale']))
  })

  it('refuses a prefix the suite never uses (exit 2), so nothing else can be deleted', async () => {
    expect(await contract(['--cleanup', '--run-prefix', 'Summer'])).toMatchObject({ code: 2, message: expect.stringMatching(/^--run-prefix must be a run prefix the suite uses/) })
    expect(await contract(['--cleanup'])).toMatchObject({ code: 2, message: expect.stringMatching(/^--cleanup needs --run-prefix/) })
  })
})
