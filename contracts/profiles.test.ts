import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { packageRoot } from '../src/paths.js'

const bin = join(packageRoot(), 'bin', 'promokit.js')
let mock: MockServer
let dir: string

beforeAll(async () => {
  mock = await createMockServer()
  dir = mkdtempSync(join(tmpdir(), 'promokit-profiles-'))
  writeFileSync(join(dir, 'promokit.config.yaml'), `profiles:
  staging:
    baseUrl: ${mock.url}
    credentials: { appId: STAGING_APP_ID, appToken: STAGING_APP_TOKEN }
    ids: { projectId: ${mock.credentials.projectId} }
    readOnly: true
    budget: 40
  production:
    baseUrl: https://api.example.invalid
    credentials: { appId: PROD_APP_ID }
`)
})
afterAll(async () => {
  await mock?.close()
  rmSync(dir, { recursive: true, force: true })
})

const contract = (env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)(process.execPath, [bin, 'contract', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )

describe('promokit contract --profile', () => {
  const keys = () => ({ STAGING_APP_ID: mock.credentials.appId, STAGING_APP_TOKEN: mock.credentials.appToken })

  it('takes the target, the credentials (from the variables the profile names), read-only and the budget from the profile', async () => {
    const run = await contract(keys(), '--profile', 'staging', '--grep', '^list\\.paging$')
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain(`Running the contract suite against ${mock.url}`)
    expect(run.stdout).toContain('— read-only')
    expect(run.stdout).not.toContain('no app keys')
    expect(run.stdout).toMatch(/\n1 passed, 0 failed/)
  })

  it('lets a flag on the command line win over the profile', async () => {
    const run = await contract(keys(), '--profile', 'staging', '--base-url', 'http://127.0.0.1:9', '--grep', '^campaigns\\.list')
    expect(run.code).toBe(2)
    expect(run.stderr + run.stdout).toContain('127.0.0.1:9')
  })

  it('refuses, with exit 2 and one line, an unset credential variable, an unknown profile and a wrong config', async () => {
    const unset = await contract({}, '--profile', 'production')
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain('profile production takes appId from $PROD_APP_ID, which is not set')
    const unknown = await contract(keys(), '--profile', 'qa')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('has no profile "qa" (it has: staging, production)')
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ profiles: { staging: { baseUrl: mock.url, budget: 'lots' } } }))
    const wrong = await contract(keys(), '--profile', 'staging', '--config', bad)
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('/profiles/staging/budget must be integer')
    const typo = join(dir, 'typo.json')
    writeFileSync(typo, JSON.stringify({ profiles: { staging: { baseUrl: mock.url, apptoken: 'X' } } }))
    expect((await contract(keys(), '--profile', 'staging', '--config', typo)).stderr).toContain('must NOT have additional properties (apptoken)')
  })
})
