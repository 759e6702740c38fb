import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { startProxy } from './proxy-command.js'

let mock: MockServer
let proxy: ChildProcess
let proxyUrl: string
let output = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Prism takes a few seconds to start; polling a child process's start-up is the one wait allowed. */
async function waitUntilAnswering(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) throw new Error(`prism exited with ${proxy.exitCode}:\n${output}`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`prism proxy did not answer within ${timeoutMs} ms:\n${output}`)
}

beforeAll(async () => {
  mock = await createMockServer()
  const port = await freePort()
  proxyUrl = `http://127.0.0.1:${port}`
  proxy = startProxy({ target: mock.url, port, host: '127.0.0.1', stdio: 'pipe' })
  proxy.stdout?.on('data', (chunk) => (output += chunk))
  proxy.stderr?.on('data', (chunk) => (output += chunk))
  await waitUntilAnswering(proxyUrl)
}, 90_000)

afterAll(async () => {
  proxy?.kill('SIGTERM')
  await mock?.close()
})

const appHeaders = () => ({ 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken, 'content-type': 'application/json' })

describe('promokit proxy (Prism validation proxy with our spec)', () => {
  it('forwards a valid exchange to the target without violations', async () => {
    const res = await fetch(`${proxyUrl}/v1/categories`, { method: 'POST', headers: appHeaders(), body: JSON.stringify({ name: 'Proxy ok', hierarchy: 1 }) })
    expect(res.status).toBe(200)
    expect(((await res.json()) as any).id).toMatch(/^cat_/)
    expect(res.headers.get('sl-violations')).toBeNull()
  })

  it('reports a response that breaks the spec (fault injected in the mock)', async () => {
    await fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'createCategory', action: 'drop', pointer: '/id' }) })
    const res = await fetch(`${proxyUrl}/v1/categories`, { method: 'POST', headers: appHeaders(), body: JSON.stringify({ name: 'Proxy broken', hierarchy: 1 }) })
    const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as { message: string; path?: string[] }[]
    expect(violations.map((v) => v.message).join('\n')).toMatch(/id/)
  })
})
