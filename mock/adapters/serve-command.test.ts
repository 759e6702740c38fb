import { spawn, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.js'
import { packageRoot } from '../../src/paths.js'
import { whenPrinted } from '../../test/when-printed.js'
import { captureCliIo } from '../testing/capture-cli-io.js'
import { mockCommand } from './serve-command.js'

const capture = () => captureCliIo('Control API')

describe('promokit mock --help', () => {
  it('explains every flag with its env variable', async () => {
    const out = capture()
    await runCli(['node', 'promokit', 'mock', '--help'], [mockCommand({ stdout: out.io.stdout, env: {} })], out.io)
    const help = out.text.stdout

    expect(out.exits).toEqual([0])
    for (const flag of ['--port', '--host', '--fixtures', '--seed', '--seed-campaigns', '--generation-rate', '--latency', '--log-level', '--app-id', '--app-token', '--management-id', '--management-token', '--rate-limit']) {
      expect(help).toContain(flag)
    }
    expect(help).toContain('PROMOKIT_PORT')
    expect(help).toContain('Control API (/_mock): a POST, PUT or DELETE must send Content-Type: application/json (a JSON body or none)\nor an X- header, or it is a 403')
    expect(help).toContain("curl -X POST -H 'Content-Type: application/json' http://127.0.0.1:4010/_mock/reset")
    expect(help.replace(/\s+/g, ' ')).toMatch(/--rate-limit <plan> rate limits per key, off by default: free, startup, growth, professional, business, organization, N\/h or N\/min/)
  })
})

describe('promokit mock with bad values', () => {
  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--generation-rate', '0'], /--generation-rate/],
    [['--log-level', 'loud'], /--log-level/],
    [['--nonsense'], /unknown option/],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const out = capture()
    await runCli(['node', 'promokit', 'mock', ...args], [mockCommand({ stdout: out.io.stdout, env: {} })], out.io)

    expect(out.exits).toEqual([2])
    expect(out.text.stderr).toMatch(message)
  })

  it('treats a bad PROMOKIT_PORT like a bad --port', async () => {
    const out = capture()
    await runCli(['node', 'promokit', 'mock'], [mockCommand({ stdout: out.io.stdout, env: { PROMOKIT_PORT: 'eighty' } })], out.io)

    expect(out.exits).toEqual([2])
    expect(out.text.stderr).toMatch(/--port/)
  })
})

describe('promokit mock (in process)', () => {
  it('prints the URL, credentials and seeded ids, serves, and stops on its stop signal', async () => {
    const out = capture()
    let stop!: () => void
    const stopSignal = new Promise<void>((resolve) => (stop = resolve))
    const running = runCli(['node', 'promokit', 'mock', '--port', '0', '--log-level', 'silent', '--app-id', 'my-app'], [mockCommand({ stdout: out.io.stdout, env: {}, stopSignal })], out.io)
    await out.banner
    const url = /listening on (http:\/\/\S+)/.exec(out.text.stdout)?.[1]
    const res = await fetch(`${url}/v1/categories`, {
      method: 'POST',
      headers: { 'X-App-Id': 'my-app', 'X-App-Token': 'promokit-app-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'cli', hierarchy: 1 }),
    })
    stop()
    await running

    expect(res.status).toBe(200)
    expect(out.text.stdout).toContain('X-App-Id: my-app')
    expect(out.text.stdout).toContain('X-Management-Id: promokit-management-id')
    expect(out.text.stdout).toContain('/v1/oauth/token')
    expect(out.text.stdout).toContain('proj_demo0001')
    expect(out.exits).toEqual([])
  })
})

describe('bin/promokit.js mock (spawned)', () => {
  it('starts on --port 0, prints the banner, answers, and exits on SIGTERM', async () => {
    const root = packageRoot()
    if (!existsSync(join(root, 'dist', 'cli.js'))) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' })
    const child = spawn(process.execPath, [join(root, 'bin', 'promokit.js'), 'mock', '--port', '0', '--log-level', 'silent'], { cwd: root })
    const banner = whenPrinted(child.stdout, (text) => text.includes('Control API'))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const stdout = await banner
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
      const res = await fetch(`${url}/_mock/clock`)
      expect(res.status).toBe(200)
      expect(stdout).toContain('promokit-app-id')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 120_000)
})
