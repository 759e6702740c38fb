import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'

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

  it('exits 2 on a usage error', () => {
    const run = promokit('contract', '--reporter', 'pdf')
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('junit, json, html')
    expect(promokit('contract', '--cluster', 'mars.api').status).toBe(2)
  })

  it('refuses to run against a deployment without app keys instead of collecting 401s', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PROMOKIT_')))
    // Port 9 (discard) on loopback: nothing of ours listens there, so it is not a promokit mock.
    const run = spawnSync(process.execPath, [bin, 'contract', '--base-url', 'http://127.0.0.1:9'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...env, NO_COLOR: '1' } })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('no app keys: pass --app-id and --app-token')
  })
})
