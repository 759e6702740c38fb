import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/run-cli.js'
import { whenPrinted } from '../../test/when-printed.js'
import { mockCommand } from './serve-command.js'

const temp = mkdtempSync(join(tmpdir(), 'promokit-serve-options-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Runs `promokit mock ...args` in process (stdout is not a terminal); `stopAfter` gets the printed URL while the mock serves. */
async function mock(args: string[], env: NodeJS.ProcessEnv = {}, stopAfter?: (url: string) => Promise<void>) {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = new PassThrough()
  const out = { stdout: '', stderr: '', exits: [] as number[] }
  stdout.on('data', (c) => (out.stdout += c))
  stderr.on('data', (c) => (out.stderr += c))
  const io: CliIo = { stdout, stderr, exit: (code) => void out.exits.push(code) }
  let stop!: () => void
  const stopSignal = new Promise<void>((resolve) => (stop = resolve))
  const listening = whenPrinted(stdout, (text) => text.includes('listening on'))
  listening.catch(() => undefined)
  const running = runCli(['node', 'promokit', 'mock', ...args], [mockCommand({ stdout, env, stopSignal })], io)
  if (stopAfter) {
    // the banner, or the command's end when it refused to start
    await Promise.race([listening, running])
    const url = /listening on (http:\/\/\S+)/.exec(out.stdout)?.[1]
    if (url) await stopAfter(url)
  }
  stop()
  await running
  return out
}

describe('promokit mock refuses unusable start options before anything starts (exit 2)', () => {
  const file = join(temp, 'a-file.json')
  writeFileSync(file, '{}')
  it.each([
    [['--fixtures', join(temp, 'missing')], {}, /^promokit: --fixtures: no such folder: .*missing\n$/],
    [['--fixtures', file], {}, /^promokit: --fixtures: not a folder: /],
    [[], { PROMOKIT_FIXTURES: join(temp, 'gone') }, /^promokit: PROMOKIT_FIXTURES \(--fixtures\): no such folder: /],
    [['--state-file', join(temp, 'no-such-dir', 'state.json')], {}, /^promokit: --state-file: the folder .*no-such-dir does not exist/],
    [['--state-file', temp], {}, /^promokit: --state-file: .* is a folder/],
    [[], { PROMOKIT_STATE_FILE: join(temp, 'nope', 'state.json') }, /^promokit: PROMOKIT_STATE_FILE \(--state-file\): the folder /],
    [[], { PORT: 'eighty' }, /^promokit: PORT \(--port\): expected an integer from 0 to 65535, got "eighty"/],
    [[], { PROMOKIT_PORT: '70000' }, /^promokit: PROMOKIT_PORT \(--port\): expected an integer/],
    [['--log', 'xml'], {}, /^promokit: --log: expected one of auto, pretty, json/],
    [['--fsync', 'never'], {}, /^promokit: --fsync: expected one of always, everysec, got "never"/],
    [[], { PROMOKIT_FSYNC: 'sometimes' }, /^promokit: PROMOKIT_FSYNC \(--fsync\): expected one of always, everysec/],
    [['--max-redeemables', '31'], {}, /^promokit: --max-redeemables: expected an integer from 1 to 30, got "31"/],
    [['--max-sandboxes', '-1'], {}, /^promokit: --max-sandboxes: expected an integer from 0 to 5000, got "-1"/],
    [['--max-sandboxes', '5001'], {}, /^promokit: --max-sandboxes: expected an integer from 0 to 5000, got "5001"/],
    [[], { PROMOKIT_MAX_SANDBOXES: 'many' }, /^promokit: PROMOKIT_MAX_SANDBOXES \(--max-sandboxes\): expected an integer from 0 to 5000/],
    [['--rate-limit', 'lots'], {}, /^promokit: --rate-limit: expected free, startup, growth, professional, business, organization, N\/h or N\/min .*got "lots"/],
    [[], { PROMOKIT_RATE_LIMIT: '0/min' }, /^promokit: PROMOKIT_RATE_LIMIT \(--rate-limit\): expected free, /],
  ])('%j with env %j', async (args, env, message) => {
    // a bad PORT in the env is named when no --port overrides it; elsewhere --port 0 keeps clear of busy ports
    const out = await mock('PORT' in env || 'PROMOKIT_PORT' in env ? args : ['--port', '0', ...args], env)
    expect(out.exits).toEqual([2])
    expect(out.stderr).toMatch(message)
    expect(out.stdout).toBe('')
  })
})

describe('promokit mock --rate-limit', () => {
  it('off by default; with 2/min every answer carries the X-Rate-Limit-* headers and the third request is a 429', async () => {
    const answers: { status: number; headers: Headers; body: unknown }[] = []
    const call = async (url: string) => {
      const res = await fetch(`${url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })
      return { status: res.status, headers: res.headers, body: await res.json() }
    }
    const off = await mock(['--port', '0'], {}, async (url) => void answers.push(await call(url)))
    expect(off.stdout).toContain('Rate limits: off')
    expect(answers[0].headers.has('x-rate-limit-limit')).toBe(false)
    const on = await mock(['--port', '0', '--rate-limit', '2/min'], {}, async (url) => {
      for (let i = 0; i < 3; i++) answers.push(await call(url))
    })
    expect(on.stdout).toContain('Rate limits: 2 requests per minute per key; /client/v1 5 per 5 s per address')
    expect(answers.slice(1).map((r) => [r.status, r.headers.get('x-rate-limit-limit'), r.headers.get('x-rate-limit-remaining')])).toEqual([
      [200, '2', '1'], [200, '2', '0'], [429, '2', '0'],
    ])
    const refused = answers[3]
    expect(Number(refused.headers.get('x-rate-limit-retry')) * 1000).toBeGreaterThan(Date.now())
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(refused.body).toMatchObject({ code: 429, key: 'limit_exceeded' })
  })
})

describe('promokit mock logs', () => {
  const request = async (url: string) => void (await fetch(`${url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })).arrayBuffer()

  it('--log pretty: one readable line per request, no JSON', async () => {
    const out = await mock(['--port', '0', '--log', 'pretty'], {}, request)
    const line = /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/v1\/campaigns\?limit=1 200 \d+ ms listCampaigns v-\S+$/m.exec(out.stdout)
    expect(line).not.toBeNull()
    expect(out.stdout).not.toMatch(/^\{/m)
  })

  it('JSON lines when stdout is not a terminal (auto), and with --log json', async () => {
    for (const args of [['--port', '0'], ['--port', '0', '--log', 'json']]) {
      const out = await mock(args, {}, request)
      const line = out.stdout.split('\n').find((l) => l.startsWith('{') && l.includes('listCampaigns'))
      expect(JSON.parse(line!)).toMatchObject({ level: 30, operationId: 'listCampaigns', res: { statusCode: 200 } })
    }
  })
})

describe('promokit mock --max-redeemables', () => {
  const validate = async (url: string, count: number) => {
    const redeemables = Array.from({ length: count }, (_, i) => ({ object: 'voucher', id: `NO-SUCH-${i}` }))
    const res = await fetch(`${url}/v1/validations`, {
      method: 'POST',
      headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ redeemables, order: { amount: 1000 } }),
    })
    return { status: res.status, body: (await res.json()) as { stacking_rules?: { redeemables_limit: number } } }
  }

  it('takes 30 redeemables per call with 30, 5 by default', async () => {
    const seen: { status: number; body: { stacking_rules?: { redeemables_limit: number } } }[] = []
    await mock(['--port', '0', '--log-level', 'silent', '--max-redeemables', '30'], {}, async (url) => void seen.push(await validate(url, 30), await validate(url, 31)))
    await mock(['--port', '0', '--log-level', 'silent'], {}, async (url) => void seen.push(await validate(url, 6)))
    expect(seen.map((r) => r.status)).toEqual([200, 400, 400])
    expect(seen[0].body.stacking_rules?.redeemables_limit).toBe(30)
  })
})

describe('promokit mock --max-sandboxes', () => {
  it('caps the sandboxes existing at once (409 past it), 100 by default', async () => {
    const seen: number[] = []
    const create = async (url: string) => (await fetch(`${url}/_mock/sandboxes`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })).status
    await mock(['--port', '0', '--log-level', 'silent', '--max-sandboxes', '1'], {}, async (url) => void seen.push(await create(url), await create(url)))
    await mock(['--port', '0', '--log-level', 'silent'], {}, async (url) => {
      const state = (await (await fetch(`${url}/_mock/state?counts=true`)).json()) as { sandboxes: { max: number } }
      seen.push(state.sandboxes.max)
    })
    expect(seen).toEqual([201, 409, 100])
  })
})
