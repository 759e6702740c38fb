import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.js'
import { captureCliIo } from '../testing/capture-cli-io.js'
import { mockCommand } from './serve-command.js'

const capture = () => captureCliIo('CORS:')

describe('promokit mock --cors-origin', () => {
  it('answers only the origins given (repeatable), with credentials, and says so in the banner', async () => {
    const out = capture()
    let stop!: () => void
    const stopSignal = new Promise<void>((resolve) => (stop = resolve))
    const args = ['node', 'promokit', 'mock', '--port', '0', '--log-level', 'silent', '--cors-origin', 'http://localhost:5173', '--cors-origin', 'https://shop.example']
    const running = runCli(args, [mockCommand({ stdout: out.io.stdout, env: {}, stopSignal })], out.io)
    await out.banner
    const url = /listening on (http:\/\/\S+)/.exec(out.text.stdout)?.[1]
    const headers = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
    const [first, second, other] = await Promise.all(
      ['http://localhost:5173', 'https://shop.example', 'http://evil.example'].map((origin) => fetch(`${url}/v1/campaigns?limit=1`, { headers: { ...headers, Origin: origin } })),
    )
    stop()
    await running

    expect(first.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(first.headers.get('access-control-allow-credentials')).toBe('true')
    expect(second.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(out.text.stdout).toContain('CORS: http://localhost:5173, https://shop.example (credentials allowed)')
    expect(out.text.stdout).toContain('/_mock/ui')
    expect(out.exits).toEqual([])
  })

  it.each([['localhost:5173'], ['http://localhost:5173/app'], ['*']])('refuses %s with exit 2 and a clear message', async (origin) => {
    const out = capture()
    await runCli(['node', 'promokit', 'mock', '--cors-origin', origin], [mockCommand({ stdout: out.io.stdout, env: {} })], out.io)
    expect(out.exits).toEqual([2])
    expect(out.text.stderr).toMatch(/--cors-origin: expected an origin/)
  })
})
