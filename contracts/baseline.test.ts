import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { packageRoot } from '../src/paths.js'
import { applyBaseline, parseBaseline, signatureOf } from './baseline.js'
import type { RunReport } from './types.js'

const bin = join(packageRoot(), 'bin', 'promokit.js')
let mock: MockServer
let dir: string

beforeAll(async () => {
  mock = await createMockServer()
  dir = mkdtempSync(join(tmpdir(), 'promokit-baseline-'))
})
afterAll(async () => {
  await mock?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The built CLI against the test's mock (asynchronous: the mock lives in this process). */
async function contract(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { appId, appToken } = mock.credentials
  const argv = [bin, 'contract', '--base-url', mock.url, '--app-id', appId, '--app-token', appToken, '--grep', '^categories\\.create$', ...args]
  return promisify(execFile)(process.execPath, argv, { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

const breakCategories = () =>
  fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'createCategory', action: 'drop', pointer: '/id', whenStatus: 200 }) })

describe('--baseline through the CLI', () => {
  const file = () => join(dir, 'baseline', 'contract-baseline.json')

  it('records today\'s failures with owner and expiry, then fails only on new failures or expired entries, and lists entries that now pass', async () => {
    await breakCategories()
    const recorded = await contract('--record-baseline', file(), '--baseline-owner', 'qa-team', '--baseline-reason', 'PROMO-12: id missing', '--baseline-expires', '2099-01-01')
    expect(recorded.code).toBe(1)
    const baseline = JSON.parse(readFileSync(file(), 'utf8'))
    expect(baseline).toEqual({
      format: 'promokit-contract-baseline',
      entries: [{ check: 'categories.create', signature: 'body /id', reason: 'PROMO-12: id missing', owner: 'qa-team', expires: '2099-01-01' }],
    })

    const tolerated = await contract('--baseline', file())
    expect(tolerated.code, tolerated.stdout).toBe(0)
    // summarised in one line (check, owner, expiry, the problem), not printed in full as a new failure is
    expect(tolerated.stdout).toContain('Known failures, tolerated by the baseline (1;')
    expect(tolerated.stdout).toContain('- categories.create [known: baseline, qa-team, until 2099-01-01]: body /id:')
    expect(tolerated.stdout).not.toContain('1) categories.create')
    expect(tolerated.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 0 skipped')

    writeFileSync(file(), JSON.stringify({ ...baseline, entries: [{ ...baseline.entries[0], expires: '2020-01-01' }] }))
    const expired = await contract('--baseline', file())
    expect(expired.code).toBe(1)
    expect(expired.stdout).toContain('EXPIRED (fails the run): categories.create (qa-team, until 2020-01-01): PROMO-12: id missing')

    await mock.reset()
    const fixed = await contract('--baseline', file())
    expect(fixed.code).toBe(0)
    expect(fixed.stdout).toContain('now passes, remove it from the baseline: categories.create (qa-team): PROMO-12: id missing')
  })

  it('refuses a baseline entry without an owner, or a missing file, with exit 2', async () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ format: 'promokit-contract-baseline', entries: [{ check: 'x', signature: 'status', reason: 'r', expires: '2099-01-01' }] }))
    const run = await contract('--baseline', bad)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('entry 1 needs "owner"')
    expect((await contract('--baseline', join(dir, 'nope.json'))).stderr).toContain('no such file (create one with --record-baseline)')
  })

  it('refuses an entry naming a check the suite does not have, with exit 2 and the entry named', async () => {
    const typo = join(dir, 'typo.json')
    const entry = { signature: 'body /id', reason: 'r', owner: 'qa', expires: '2099-01-01' }
    writeFileSync(typo, JSON.stringify({ format: 'promokit-contract-baseline', entries: [{ check: 'categories.create', ...entry }, { check: 'categories.craete', ...entry }] }))
    const run = await contract('--baseline', typo)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('entry 2 names the check "categories.craete", which the suite does not have')
  })
})

describe('applyBaseline', () => {
  const failing = (id: string, pointer: string) => ({
    id, title: id, operationIds: [], status: 'failed' as const, durationMs: 1,
    failure: { checkId: id, title: id, problems: [{ location: 'body' as const, pointer, message: 'm' }] },
  })
  const report = (): RunReport => ({
    runId: 'r', prefix: 'pk-r-', target: { baseUrl: 'http://x', isMock: false }, readOnly: false, startedAt: '', durationMs: 1, requests: 1, coverage: [],
    results: [failing('a.one', '/id'), failing('a.two', '/name')], summary: { passed: 0, failed: 2, skipped: 0 }, cleanup: { deleted: [], failed: [] },
  })

  it('the same check failing somewhere else is a new failure', () => {
    const baseline = parseBaseline(JSON.stringify({ format: 'promokit-contract-baseline', entries: [
      { check: 'a.one', signature: 'body /id', reason: 'r', owner: 'o', expires: '2099-01-01' },
      { check: 'a.two', signature: 'body /other', reason: 'r', owner: 'o', expires: '2099-01-01' },
    ] }), 'b.json')
    const applied = applyBaseline(report(), baseline, 'b.json', '2026-11-25')
    expect(applied.summary).toMatchObject({ failed: 1, known: 1 })
    expect(applied.results.map((r) => r.baseline?.check)).toEqual(['a.one', undefined])
    expect(signatureOf(report().results[1].failure!.problems)).toBe('body /name')
  })

  it('an entry expires on its date', () => {
    const baseline = { format: 'promokit-contract-baseline' as const, entries: [{ check: 'a.one', signature: 'body /id', reason: 'r', owner: 'o', expires: '2026-11-25' }] }
    expect(applyBaseline(report(), baseline, 'b.json', '2026-11-24').summary.failed).toBe(1)
    expect(applyBaseline(report(), baseline, 'b.json', '2026-11-25').summary.failed).toBe(2)
  })
})
