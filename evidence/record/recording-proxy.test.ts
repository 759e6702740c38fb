import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closedPort, scriptedServer } from '../../contracts/testing/test-servers.js'
import { closeServer, listen } from '../../mock/adapters/node-server.js'
import { ManualClock } from '../../src/clock.js'
import type { HarEntry } from '../har/har-types.js'
import { createRecordingProxy } from './recording-proxy.js'

let servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.map((s) => closeServer(s)))
  servers = []
})

async function proxyTo(target: string): Promise<{ url: string; entries: HarEntry[] }> {
  const entries: HarEntry[] = []
  const server = await listen(createRecordingProxy({ target, writer: { append: async (e) => void entries.push(JSON.parse(e) as HarEntry) }, clock: new ManualClock('2026-11-26T10:00:00.000Z') }), '127.0.0.1', 0)
  servers.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, entries }
}

describe('the recording proxy', () => {
  it('forwards method, path under the target\'s base path, query, headers and body, answers what the target answered, and records both', async () => {
    const target = await scriptedServer((req) => ({ status: 201, headers: { 'x-request-id': 'v-9', 'x-seen-path': req.url ?? '' }, body: { ok: true } }))
    try {
      const { url, entries } = await proxyTo(`${target.url}/api/`)
      const res = await fetch(`${url}/v1/categories?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-App-Token': 'tok-secret' }, body: '{"name":"a"}' })

      expect(res.status).toBe(201)
      expect(res.headers.get('x-seen-path')).toBe('/api/v1/categories?x=1')
      expect(await res.json()).toEqual({ ok: true })
      expect(target.requests).toEqual(['POST /api/v1/categories?x=1'])
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        startedDateTime: '2026-11-26T10:00:00.000Z',
        request: { method: 'POST', url: `${target.url}/api/v1/categories?x=1`, postData: { mimeType: 'application/json', text: '{"name":"a"}' } },
        response: { status: 201, content: { mimeType: 'application/json', text: '{"ok":true}' } },
      })
      expect(entries[0].request.headers).toContainEqual({ name: 'X-App-Token', value: '****' })
    } finally {
      await target.close()
    }
  })

  it('answers the client only once its exchange is in the file', async () => {
    const target = await scriptedServer(() => ({ status: 200, body: { ok: true } }))
    let release!: () => void
    let appended!: () => void
    const appendCalled = new Promise<void>((resolve) => (appended = resolve))
    const responses: ServerResponse[] = []
    const writer = { append: () => { appended(); return new Promise<void>((resolve) => (release = resolve)) } }
    const proxy = createRecordingProxy({ target: target.url, writer })
    const server = await listen((req, res) => { responses.push(res); proxy(req, res) }, '127.0.0.1', 0)
    servers.push(server)
    try {
      const answer = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/campaigns`)
      await appendCalled
      await new Promise((resolve) => setImmediate(resolve))
      expect(responses[0].headersSent).toBe(false)
      release()
      expect((await answer).status).toBe(200)
    } finally {
      await target.close()
    }
  })

  it('answers 502 in the API\'s error format when the target cannot be reached, and records nothing', async () => {
    const { url, entries } = await proxyTo(`http://127.0.0.1:${await closedPort()}`)
    const res = await fetch(`${url}/v1/campaigns`)

    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ code: 502, key: 'bad_gateway', details: expect.stringMatching(/could not reach .*ECONNREFUSED/) })
    expect(entries).toEqual([])
  })
})
