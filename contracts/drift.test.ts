import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { packageRoot } from '../src/paths.js'

const bin = join(packageRoot(), 'bin', 'promokit.js')
let a: MockServer
let b: MockServer
let dir: string

beforeAll(async () => {
  ;[a, b] = await Promise.all([createMockServer(), createMockServer()])
  dir = mkdtempSync(join(tmpdir(), 'promokit-drift-'))
  // B drifts: its 404 has no `key`, and it names campaign types differently.
  for (const fault of [
    { operationId: 'getCampaign', action: 'drop', pointer: '/key', whenStatus: 404 },
    { operationId: 'listCampaigns', action: 'set', pointer: '/campaigns/0/campaign_type', value: 'PROMOTION_V2', whenStatus: 200 },
  ]) await fetch(`${b.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  rmSync(dir, { recursive: true, force: true })
})

const drift = (...args: string[]) =>
  promisify(execFile)(process.execPath, [bin, 'drift', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )

describe('promokit drift', () => {
  it('runs the suite on both targets and reports, per check, the outcome, error keys, fields in one only and schema validity that differ', async () => {
    const run = await drift('--base-url', a.url, '--against', b.url, '--grep', '^(campaigns\\.get-unknown-404|list\\.newest-first|categories\\.create)$', '--html', 'out/drift.html', '--json', 'out/drift.json')
    expect(run.code, run.stdout + run.stderr).toBe(1)
    expect(run.stdout).toContain('campaigns.get-unknown-404 (A passed, B failed)')
    expect(run.stdout).toContain('error-key getCampaign /key: A not_found | B undefined')
    expect(run.stdout).toContain('field-removed getCampaign /key: A present | B absent')
    expect(run.stdout).toMatch(/schema listCampaigns \/campaigns\/0\/campaign_type: A valid \| B invalid: must be one of/)
    expect(run.stdout).not.toContain('categories.create (')
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 check(s) answered differently')
    const json = JSON.parse(readFileSync(join(dir, 'out', 'drift.json'), 'utf8'))
    expect(json.drift.checks.map((c: { id: string }) => c.id).sort()).toEqual(['campaigns.get-unknown-404', 'list.newest-first'])
    expect(readFileSync(join(dir, 'out', 'drift.html'), 'utf8')).toContain('<section id="drift">')
  })

  it('reports nothing for two targets that answer alike, exit 0', async () => {
    const run = await drift('--base-url', a.url, '--against', a.url, '--grep', '^campaigns\\.get-unknown-404$')
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('0 check(s) answered differently')
  })

  it('has --help naming both targets', async () => {
    const run = await drift('--help')
    expect(run.stdout).toContain('--against <url>')
    expect(run.stdout).toContain('--against-app-id')
  })
})

describe('promokit drift with each target\'s own ids and profiles', () => {
  it('takes B from --against-profile (URL, credential variables, fixture ids) and says DRIFT in the HTML banner when it exits 1', async () => {
    writeFileSync(join(dir, 'promokit.config.json'), JSON.stringify({
      profiles: { staging: { baseUrl: b.url, credentials: { appId: 'B_APP_ID', appToken: 'B_APP_TOKEN', managementId: 'B_MGMT_ID', managementToken: 'B_MGMT_TOKEN' }, ids: { templateId: 'camp_tpl_nosuch1' } } },
    }))
    const env = { B_APP_ID: b.credentials.appId, B_APP_TOKEN: b.credentials.appToken, B_MGMT_ID: b.credentials.managementId, B_MGMT_TOKEN: b.credentials.managementToken }
    const run = await promisify(execFile)(process.execPath, [bin, 'drift', '--base-url', a.url, '--against-profile', 'staging', '--grep', '^(campaigns\\.get-unknown-404|management\\.copy-template)$', '--html', 'out/banner.html'], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } })
      .then(({ stdout }) => ({ code: 0, stdout }), (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }))
    expect(run.code).toBe(1)
    // B copies the template its profile names (none such there), A the one discovered on A
    expect(run.stdout).toContain('management.copy-template (A passed, B failed)')
    const html = readFileSync(join(dir, 'out', 'banner.html'), 'utf8')
    expect(html).toContain('<h1>promokit contract report: DRIFT (2 checks answered differently)</h1>')
    expect(html).toContain('<header class="fail">')
  })

  it('refuses a drift without target B, and names an unset credential variable of a profile', async () => {
    const none = await drift('--base-url', a.url)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('give target B: --against <url> or --against-profile <name>')
    writeFileSync(join(dir, 'promokit.config.json'), JSON.stringify({ profiles: { staging: { baseUrl: b.url, credentials: { appToken: 'UNSET_B_TOKEN' } } } }))
    const unset = await drift('--base-url', a.url, '--against-profile', 'staging')
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain('profile staging takes appToken from $UNSET_B_TOKEN, which is not set')
  })
})
