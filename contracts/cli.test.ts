import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'
import { closedPort } from './test-servers.js'

const root = packageRoot()
const bin = join(root, 'bin', 'promokit.js')
let dir: string

const promokit = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } })

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'contracts', 'cli.js'))) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'promokit-contract-'))
}, 120_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('promokit contract (the built CLI)', () => {
  it('runs against the in-process mock, prints the summary last and writes a JUnit file', () => {
    const file = join(dir, 'contract.xml')
    const run = promokit('contract', '--reporter', 'junit', '--output-file', file)
    const lines = run.stdout.trimEnd().split('\n')
    const summary = /^(\d+) passed, (\d+) failed, (\d+) skipped$/.exec(lines.at(-1) ?? '')
    expect(summary, run.stdout + run.stderr).not.toBeNull()
    const [, passed, failed, skipped] = summary!.map(Number)
    expect(run.status).toBe(failed === 0 ? 0 : 1)
    expect(failed, run.stdout).toBe(0)
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(file, 'utf8'))
    expect(Number(doc.testsuites.tests)).toBe(passed + failed + skipped)
    expect(Number(doc.testsuites.failures)).toBe(failed)
    expect(run.stdout).toMatch(/✓ campaigns\.create-promotion/)
  })

  it('lists the planned checks without sending anything', () => {
    const run = promokit('contract', '--list', '--read-only', '--grep', '^list\\.')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('list.paging')
    expect(run.stdout).not.toContain('campaigns.create')
    expect(run.stdout).toMatch(/\d+ checks planned/)
  })

  it('--list says how many requests the plan sends; --budget 100 plans every operation within 100', () => {
    const full = promokit('contract', '--list')
    const budgeted = promokit('contract', '--list', '--budget', '100')
    const total = (out: string) => /(\d+) checks planned, covering (\d+) operations; about (\d+) requests .*never more than (\d+)/.exec(out)!.slice(1).map(Number)
    const [allChecks, allOps, allRequests, fullLimit] = total(full.stdout)
    const [checks, ops, requests, limit] = total(budgeted.stdout)
    expect(allRequests).toBeGreaterThan(100)
    expect(fullLimit).toBe(2000)
    expect(checks).toBeLessThan(allChecks)
    expect(ops).toBe(allOps)
    expect(requests).toBeLessThanOrEqual(100)
    expect(limit).toBe(100)
    // One line per planned check with its request estimate (which checks fit moves as the catalogue grows).
    expect(budgeted.stdout).toMatch(/^[a-z-]+\.\S+ .*\((read-only|writes); ~\d+ req(; needs [\w, ]+)?\)$/m)
  })

  it('exits 2 on a usage error', () => {
    const run = promokit('contract', '--reporter', 'pdf')
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('junit, json, html')
    expect(promokit('contract', '--cluster', 'mars.api').status).toBe(2)
  })

  it('says in one line that a target cannot be reached, and exits 2', async () => {
    // A silent host is cut off at REACH_TIMEOUT_MS (reach.test.ts); here the connection is refused.
    const port = await closedPort()
    const run = promokit('contract', '--base-url', `http://127.0.0.1:${port}`, '--app-id', 'a', '--app-token', 'b')
    expect(run.status).toBe(2)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(new RegExp(`cannot reach http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`))
  })
})

describe('promokit contract against a deployment that is not a mock', () => {
  let server: Server
  let url: string
  const answers: Record<string, { status: number; body: unknown }> = {}
  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = Object.entries(answers).find(([prefix]) => req.url!.startsWith(prefix))?.[1] ?? { status: 404, body: { code: 404, key: 'not_found', message: 'Not found' } }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PROMOKIT_')))
  // Asynchronous: the target lives in this process and must answer while the CLI runs.
  const cli = (...args: string[]) => promisify(execFile)(process.execPath, [bin, 'contract', '--base-url', url, ...args], { cwd: dir, env: { ...env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )

  it('refuses to run without app keys instead of collecting 401s', async () => {
    const run = await cli()
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no app keys: pass --app-id and --app-token')
  })

  it('names the refused credential set and the target\'s error key, in one line, exit 2', async () => {
    answers['/v1/campaigns'] = { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized' } }
    const app = await cli('--app-id', 'app-1', '--app-token', 'wrong')
    expect(app.code).toBe(2)
    expect(app.stderr.trim()).toBe('promokit: the target refused the application credentials (X-App-Id app-1): 401 unauthorized')
    answers['/v1/campaigns'] = { status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns: [], total: 0 } }
    answers['/management/'] = { status: 401, body: { code: 401, key: 'invalid_management_token', message: 'Unauthorized' } }
    const management = await cli('--app-id', 'app-1', '--app-token', 'right', '--management-id', 'm-1', '--management-token', 'wrong', '--project-id', 'proj_1')
    expect(management.code).toBe(2)
    expect(management.stderr.trim()).toBe('promokit: the target refused the management credentials (X-Management-Id m-1): 401 invalid_management_token')
  })
})
