import { spawn } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CliError } from '../src/cli/cli-error.js'
import { contractCommand } from './contract-command.js'
import { onStopSignals } from './run-safety.js'
import { packageRoot } from '../src/paths.js'
import { whenPrinted } from '../test/when-printed.js'
import { scriptedServer } from './testing/test-servers.js'

const dir = mkdtempSync(join(tmpdir(), 'promokit-run-safety-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `promokit contract <args>` in-process: what it printed and the exit code it asked for (0 when it returned). */
async function contract(args: string[], onOutput?: (text: string) => void): Promise<{ out: string; code: number; message?: string }> {
  let out = ''
  const io = { stdout: { write: (text: string) => { out += text; onOutput?.(text) } }, env: {} }
  try {
    await contractCommand(io).parseAsync(args, { from: 'user' })
    return { out, code: 0 }
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    return { out, code: error.exitCode, message: error.message }
  }
}

/** Answers every request like an empty campaign list: reachable, keys accepted, nothing else learnt. */
const listEverything = () => scriptedServer(() => ({ status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns: [], total: 0 } }))

describe('a run in which nothing ran is never green (issue 26 section 1)', () => {
  it('--max-requests is never exceeded, start-up probes included; a limit no check fits in exits 2 saying no check ran', async () => {
    for (const limit of [5, 8, 12]) {
      const target = await listEverything()
      try {
        const run = await contract(['--base-url', target.url, '--app-id', 'a', '--app-token', 'b', '--max-requests', String(limit)])
        expect(target.requests.length).toBeGreaterThan(2)
        expect(target.requests.length).toBeLessThanOrEqual(limit)
        if (limit !== 5) expect(run.out).toContain(`${target.requests.length} requests in `)
        if (limit === 5) expect([run.code, run.message]).toEqual([2, '--max-requests 5 leaves no room for the start-up probe: no check could run'])
        if (limit === 8) {
          expect(run.code).toBe(2)
          expect(run.message).toMatch(/^no check ran \((\d+) skipped: \1 because the request limit \(--max-requests\) ran out\): a run that tests nothing is not a pass$/)
          expect(run.out).toMatch(/\n0 passed, 0 failed, \d+ skipped\n$/)
        }
      } finally {
        await target.close()
      }
    }
  })

  it('a --grep that matches nothing exits 2; --min-checks fails a run that ran fewer; enough checks pass (exit 0)', async () => {
    const none = await contract(['--grep', '^no-such-check$'])
    expect([none.code, none.message]).toEqual([2, 'no check ran (0 skipped): a run that tests nothing is not a pass'])
    const few = await contract(['--grep', '^list\\.paging$', '--min-checks', '2'])
    expect([few.code, few.message]).toEqual([2, 'only 1 check(s) ran, fewer than --min-checks 2 (0 skipped)'])
    const enough = await contract(['--grep', '^list\\.paging$', '--min-checks', '1'])
    expect(enough.code, enough.out).toBe(0)
  })

  it('the checks --budget leaves out are listed in every report: console, JSON, JUnit and HTML', async () => {
    const files = ['json', 'junit', 'html'].map((kind) => join(dir, `budget.${kind}`))
    const run = await contract(['--budget', '40', '--read-only', ...['json', 'junit', 'html'].flatMap((kind, i) => ['--reporter', kind, '--output-file', files[i]])])
    expect(run.code, run.out).toBe(0)
    const json = JSON.parse(readFileSync(files[0], 'utf8'))
    const leftOut: string[] = json.results.filter((r: any) => r.notRun === 'left-out').map((r: any) => r.id)
    expect(leftOut.length).toBeGreaterThan(0)
    expect(json.summary.leftOut).toBe(leftOut.length)
    expect(run.out).toContain(`${leftOut.length} check(s) LEFT OUT by --budget (not run): ${leftOut.join(', ')}`)
    const [junit, html] = [readFileSync(files[1], 'utf8'), readFileSync(files[2], 'utf8')]
    for (const id of leftOut) {
      expect(junit).toMatch(new RegExp(`name="${id.replace(/\./g, '\\.')}: [^"]*" time="[\\d.]+">\\s*<skipped message="left out by --budget 40`))
      expect(html).toContain(id)
    }
    expect(html).toContain(`${leftOut.length} left out by --budget`)
  })
})

describe('SIGTERM stops a run as SIGINT does (issue 26 section 1)', () => {
  it('the current check finishes, the cleanup runs, the report is written, exit 143', async () => {
    const file = join(dir, 'sigterm.json')
    let sent = false
    const run = await contract(['--reporter', 'json', '--output-file', file, '--grep', '^campaigns\\.'], (text) => {
      // lines come in batches (contracts/reporters/batched-output.ts): the first check's line starts one of them
      if (!sent && /^\[ *1\/\d+\]/m.test(text)) {
        sent = true
        process.emit('SIGTERM')
      }
    })
    expect(run.code).toBe(143)
    expect(run.out).toContain('Interrupted (SIGTERM): finishing the current check, then cleaning up and writing the report')
    const report = JSON.parse(readFileSync(file, 'utf8'))
    expect(report.interrupted).toBe('interrupted (SIGTERM)')
    expect(report.results.filter((r: any) => r.status === 'passed').length).toBeGreaterThan(0)
    expect(report.results.filter((r: any) => r.reason === 'interrupted (SIGTERM)').length).toBeGreaterThan(0)
    expect(report.cleanup.failed).toEqual([])
    expect(report.cleanup.deleted.length).toBeGreaterThan(0)
    expect(process.listenerCount('SIGTERM')).toBe(0)
  })

  it('the built CLI, sent SIGTERM by its parent (as CI runners and timeout do), cleans up, writes its report and exits 143', async () => {
    const file = join(dir, 'spawned.json')
    const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'promokit.js'), 'contract', '--grep', '^campaigns\\.', '--reporter', 'json', '--output-file', file], { env: { ...process.env, NO_COLOR: '1' } })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const output = whenPrinted(child.stdout, (text) => /\[ *1\/\d+\]/.test(text))
    await output
    let rest = ''
    child.stdout.on('data', (chunk) => void (rest += chunk))
    child.kill('SIGTERM')
    expect(await exited).toBe(143)
    expect(rest).toContain('Interrupted (SIGTERM)')
    expect(rest).toMatch(/\nCleanup: \d+ done/)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ interrupted: 'interrupted (SIGTERM)', cleanup: { failed: [] } })
  }, 60_000)

  it('a second signal of either kind exits at once, with the code of that signal', () => {
    const proc = Object.assign(new EventEmitter(), { exit: (code: number) => void exits.push(code) }) as unknown as NodeJS.Process
    const exits: number[] = []
    const stops: string[] = []
    const undo = onStopSignals((signal) => void stops.push(signal), proc)
    proc.emit('SIGTERM')
    proc.emit('SIGINT')
    expect([stops, exits]).toEqual([['SIGTERM'], [130]])
    undo()
    expect([proc.listenerCount('SIGINT'), proc.listenerCount('SIGTERM')]).toEqual([0, 0])
  })
})
