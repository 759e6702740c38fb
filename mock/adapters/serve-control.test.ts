import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.js'
import { resolveConfig } from '../engine/config.js'
import { controlBanner, exposureWarning } from '../control/control-banner.js'
import { ensureControlToken } from '../control/control-guard.js'
import { captureCliIo } from '../testing/capture-cli-io.js'
import { mockCommand } from './serve-command.js'

const capture = () => captureCliIo('CORS:')

describe('promokit mock: the control plane beyond loopback', () => {
  it('--control-token is needed on /_mock only, printed with the console URL that carries it', async () => {
    const out = capture()
    let stop!: () => void
    const stopSignal = new Promise<void>((resolve) => (stop = resolve))
    const args = ['node', 'promokit', 'mock', '--port', '0', '--log-level', 'silent', '--allowed-host', 'mock.test']
    const running = runCli(args, [mockCommand({ stdout: out.io.stdout, env: { PROMOKIT_CONTROL_TOKEN: 'tok-21' }, stopSignal })], out.io)
    await out.banner
    const url = /listening on (http:\/\/\S+)/.exec(out.text.stdout)?.[1]
    const [without, withToken, api] = await Promise.all([
      fetch(`${url}/_mock/state?counts=true`),
      fetch(`${url}/_mock/state?counts=true`, { headers: { 'X-Promokit-Control-Token': 'tok-21' } }),
      fetch(`${url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } }),
    ])
    stop()
    await running

    expect(out.text.stdout).toContain('/_mock/ui?token=tok-21')
    expect(out.text.stdout).toContain('Control token: tok-21')
    expect(out.text.stdout).toContain('Host: loopback names, IP addresses, mock.test')
    expect([without.status, withToken.status, api.status]).toEqual([401, 200, 200])
    expect(out.exits).toEqual([])
  })

  it('warns in the banner when bound beyond loopback, with a generated token (tests listen on loopback only)', () => {
    const config = resolveConfig({ host: '0.0.0.0' })
    const token = ensureControlToken(config)

    expect(exposureWarning('0.0.0.0').join('\n')).toMatch(/WARNING: --host 0\.0\.0\.0 makes the mock reachable from other machines/)
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(controlBanner(config, 'http://192.168.1.20:4010')).toContain(`Control token: ${token} (send it as X-Promokit-Control-Token: <token> on every /_mock call)`)
    expect(controlBanner(config, 'http://192.168.1.20:4010')).toContain(`Calls that change the mock need a JSON content type or an X- header: curl -X POST -H 'Content-Type: application/json' -H 'X-Promokit-Control-Token: ${token}' http://192.168.1.20:4010/_mock/reset`)
    expect([...exposureWarning('127.0.0.1'), ...exposureWarning('localhost'), ...exposureWarning('::1')]).toEqual([])
    expect(ensureControlToken(resolveConfig({ host: '127.0.0.1' }))).toBeUndefined()
  })

  it('prints no token and no warning on loopback', async () => {
    const out = capture()
    let stop!: () => void
    const stopSignal = new Promise<void>((resolve) => (stop = resolve))
    const running = runCli(['node', 'promokit', 'mock', '--port', '0', '--log-level', 'silent'], [mockCommand({ stdout: out.io.stdout, env: {}, stopSignal })], out.io)
    await out.banner
    stop()
    await running

    expect(out.text.stdout).not.toMatch(/WARNING|Control token/)
    expect(out.text.stdout).toContain("Control plane: browsers from this server's pages only")
    expect(out.text.stdout).toMatch(/Calls that change the mock need a JSON content type or an X- header: curl -X POST -H 'Content-Type: application\/json' http:\/\/127\.0\.0\.1:\d+\/_mock\/reset\n/)
  })

  it.each([
    [['--control-origin', 'localhost:5173'], /--control-origin: expected an origin/],
    [['--allowed-host', 'http://mock.test'], /--allowed-host: expected a host name/],
    [['--control-token', ''], /--control-token must not be empty/],
    [['--generation-rate', '1e-300'], /--generation-rate: expected a number >= 0.001/],
  ])('refuses %j with exit 2 and a clear message', async (flags, message) => {
    const out = capture()
    await runCli(['node', 'promokit', 'mock', ...flags], [mockCommand({ stdout: out.io.stdout, env: {} })], out.io)
    expect(out.exits).toEqual([2])
    expect(out.text.stderr).toMatch(message)
  })
})
