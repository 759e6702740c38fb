import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import { listOperations } from '../src/spec/operations.js'
import { closedPort } from '../contracts/testing/test-servers.js'
import { createMockServer } from '../mock/adapters/node-server.js'
import { packageRoot } from '../src/paths.js'
import { harValidator } from './testing/har-schema.js'

/** The spec's operations: the matrix has a row for each, however many the spec holds. */
const OPERATIONS = listOperations(await loadSpec()).length

// The evidence commands as a user runs them: the built CLI (dist), in a folder of its own.
const root = packageRoot()
const bin = join(root, 'bin', 'promokit.js')
let dir: string

const promokit = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } })
const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'))

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'evidence', 'cli.js'))) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'promokit-evidence-'))
}, 120_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('promokit record, replay, matrix and contract --record (the built CLI)', () => {
  it('each command has its --help', () => {
    const help: Record<string, string> = {}
    for (const [command, says] of [['record', '--target <url>'], ['replay', '--against <target>'], ['matrix', '--runs <dir-or-file>']]) {
      const run = promokit(command, '--help')
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toContain(says)
      help[command] = run.stdout
    }
    expect(promokit('contract', '--help').stdout).toMatch(/--record <file>[\s\S]*--rerun-failed <report.json>/)
    expect(help.replay).toMatch(/--client-token <token>[\s\S]*Exit codes: 0 no contract difference[\s\S]*1 a contract difference, 2 a file that is\s+not HAR/)
    expect(help.record).toMatch(/Redacted to \*\*\*\*: X-App-Token/)
  })

  it('record: a proxy whose file is valid HAR while it runs, and a complete one after Ctrl-C (exit 0)', async () => {
    const mock = await createMockServer()
    const child = spawn(process.execPath, [bin, 'record', '--target', mock.url, '--port', '0', '--out', 'live.har'], { cwd: dir })
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk
          const found = / through (http:\/\/\S+) to /.exec(output)
          if (found) resolve(found[1])
        })
        child.on('exit', (code) => reject(new Error(`record exited ${code}: ${output}`)))
      })
      const headers = { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken }
      expect((await fetch(`${url}/v1/campaigns?limit=1`, { headers })).status).toBe(200)
      expect((await fetch(`${url}/v1/campaigns/camp_nope`, { headers })).status).toBe(404)
      const midway = readJson('live.har')
      expect(harValidator()(midway)).toEqual([])
      expect(midway.log.entries).toHaveLength(2)
      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
      child.kill('SIGINT')
      expect(await exit).toBe(0)
      expect(output).toContain('2 exchange(s) recorded')
      const done = readJson('live.har')
      expect(done.log.entries.map((e: any) => e.response.status)).toEqual([200, 404])
      expect(readFileSync(join(dir, 'live.har'), 'utf8')).not.toContain(mock.credentials.appToken)
    } finally {
      child.kill('SIGKILL')
      await mock.close()
    }
  })

  it('record: Ctrl-C with an exchange hung at the target says so, and a second Ctrl-C stops at once with a valid file', async () => {
    let reached!: () => void
    const atTarget = new Promise<void>((resolve) => (reached = resolve))
    const hung = createServer(() => reached())
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve))
    const child = spawn(process.execPath, [bin, 'record', '--target', `http://127.0.0.1:${(hung.address() as AddressInfo).port}`, '--port', '0', '--out', 'hung.har'], { cwd: dir })
    let output = ''
    const said = (pattern: RegExp) => new Promise<RegExpExecArray>((resolve) => {
      const look = () => {
        const found = pattern.exec(output)
        if (found) resolve(found)
        return found
      }
      if (!look()) child.stdout.on('data', (chunk: Buffer) => void ((output += chunk), look()))
    })
    try {
      const [, url] = await said(/ through (http:\/\/\S+) to /)
      const pending = fetch(`${url}/v1/campaigns`).then((res) => res.status, () => 'cut')
      await atTarget
      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
      child.kill('SIGINT')
      await said(/stopping: waiting for 1 exchange\(s\) in flight \(up to 10 s; Ctrl-C again stops at once\)/)
      child.kill('SIGINT')
      expect(await exit, output).toBe(0)
      expect(await pending).toBe('cut')
      expect(output).toContain('0 exchange(s) recorded')
      expect(harValidator()(readJson('hung.har'))).toEqual([])
    } finally {
      child.kill('SIGKILL')
      hung.closeAllConnections()
      hung.close()
    }
  })

  it('contract --record writes the suite\'s exchanges; replay against mock agrees (exit 0); --rerun-failed runs only the failed checks', () => {
    const run = promokit('contract', '--grep', '^categories\\.', '--record', 'suite.har', '--reporter', 'json', '--output-file', 'runs/contract.json')
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/\d+ exchange\(s\) recorded to .*suite\.har/)
    const har = readJson('suite.har')
    expect(harValidator()(har)).toEqual([])
    expect(har.log.entries.map((e: any) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toContain('POST /v1/categories')
    expect(JSON.stringify(har)).not.toContain('promokit-app-token')

    const replayed = promokit('replay', 'suite.har', '--against', 'mock', '--json', 'runs/replay.json')
    expect(replayed.status, replayed.stdout + replayed.stderr).toBe(0)
    expect(replayed.stdout).toMatch(/0 contract difference\(s\)/)
    expect(readJson('runs/replay.json')).toMatchObject({ format: 'promokit-replay-report', differences: [] })

    const report = readJson('runs/contract.json')
    expect(promokit('contract', '--rerun-failed', 'runs/contract.json').status).toBe(2)
    report.results.find((r: any) => r.id === 'categories.create').status = 'failed'
    mkdirSync(join(dir, 'other'), { recursive: true })
    writeFileSync(join(dir, 'other', 'failed.json'), JSON.stringify(report))
    const rerun = promokit('contract', '--rerun-failed', 'other/failed.json', '--list')
    expect(rerun.status, rerun.stderr).toBe(0)
    expect(rerun.stdout).toContain('categories.create')
    expect(rerun.stdout).not.toContain('categories.get-unknown-404')
    // A baseline naming checks that are not re-run is still a valid baseline of the suite.
    writeFileSync(join(dir, 'other', 'baseline.json'), JSON.stringify({ format: 'promokit-contract-baseline', entries: [{ check: 'list.paging', signature: 'status', reason: 'r', owner: 'o', expires: '2099-01-01' }] }))
    expect(promokit('contract', '--rerun-failed', 'other/failed.json', '--baseline', 'other/baseline.json', '--list').status).toBe(0)
  })

  it('the suite\'s session-lock checks, recorded, replay against a fresh mock with no difference (the session key threaded)', () => {
    const run = promokit('contract', '--grep', '^checkout\\.session-lock', '--record', 'lock.har')
    expect(run.status, run.stdout + run.stderr).toBe(0)
    const replayed = promokit('replay', 'lock.har', '--against', 'mock')
    expect(replayed.stdout, replayed.stderr).toMatch(/ 0 contract difference\(s\)/)
    expect(replayed.status).toBe(0)
  })

  it('replay exits 2 on a file that is not HAR and on a target that cannot be reached, 1 on a difference', async () => {
    writeFileSync(join(dir, 'bad.har'), '{"log":{}}')
    const bad = promokit('replay', 'bad.har', '--against', 'mock')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('not a HAR file')
    const port = await closedPort()
    const unreachable = promokit('replay', 'live.har', '--against', `http://127.0.0.1:${port}`)
    expect(unreachable.status).toBe(2)
    expect(unreachable.stderr).toMatch(/cannot reach .*ECONNREFUSED/)
    const withFixtures = promokit('replay', 'live.har', '--against', 'mock', '--fixtures', join(root, 'fixtures', 'default'))
    expect(withFixtures.status, withFixtures.stdout + withFixtures.stderr).toBe(0)
    expect(promokit('replay', 'live.har', '--against', 'mock', '--fixtures', 'no-such-folder').status).toBe(2)
    const har = readJson('live.har')
    har.log.entries[0].response.status = 201
    writeFileSync(join(dir, 'changed.har'), JSON.stringify(har))
    const differs = promokit('replay', 'changed.har', '--against', 'mock')
    expect(differs.status).toBe(1)
    expect(differs.stdout).toContain('✗ #0 listCampaigns status (status): recorded 201 | now 200')
  })

  it('matrix writes matrix.html, matrix.json (one entry per operationId), matrix.md and badge.svg from the runs; a missing runs folder is exit 2', () => {
    const run = promokit('matrix', '--runs', 'runs', '--out', 'matrix')
    expect(run.status, run.stdout + run.stderr).toBe(0)
    const matrix = readJson('matrix/matrix.json')
    expect(matrix.operations).toHaveLength(OPERATIONS)
    expect(matrix.operations.find((o: any) => o.operationId === 'createCategory')).toMatchObject({ servedByMock: true, targets: [{ target: 'mock', result: 'passed' }] })
    expect(readFileSync(join(dir, 'matrix', 'badge.svg'), 'utf8')).toMatch(/conformance/)
    expect(readFileSync(join(dir, 'matrix', 'matrix.md'), 'utf8')).toMatch(new RegExp(`^!\\[conformance \\d+/${OPERATIONS} · mock \\d{4}-\\d{2}-\\d{2}\\]\\(badge\\.svg\\)`))
    expect(existsSync(join(dir, 'matrix', 'matrix.html'))).toBe(true)
    expect(promokit('matrix', '--runs', 'nowhere').status).toBe(2)
    mkdirSync(join(dir, 'no-reports'), { recursive: true })
    const empty = promokit('matrix', '--runs', 'no-reports', '--out', 'empty-matrix')
    expect(empty.status).toBe(0)
    expect(empty.stdout).toMatch(/no contract report or replay in no-reports: [^\n]+\n {2}promokit contract --reporter json --output-file/)
  })
})
