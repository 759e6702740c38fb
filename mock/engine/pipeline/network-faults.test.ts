import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../adapters/node-server.js'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A raw GET that reports what arrived: the status, the bytes, and how the connection ended. */
function get(url: string, headers: Record<string, string>): Promise<{ status?: number; bytes: number; length?: number; error?: string }> {
  return new Promise((resolve) => {
    const outcome: { status?: number; bytes: number; length?: number; error?: string } = { bytes: 0 }
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      outcome.status = res.statusCode
      outcome.length = Number(res.headers['content-length'])
      res.on('data', (chunk: Buffer) => (outcome.bytes += chunk.length))
      res.on('end', () => resolve(outcome))
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ ...outcome, error: error.code ?? error.message }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ ...outcome, error: error.code ?? error.message }))
    req.end()
  })
}

const arm = (url: string, fault: object) =>
  fetch(`${url}/_mock/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) })

describe('network faults (Node adapter)', () => {
  it('reset: the connection is reset before any answer; the next request is fine', async () => {
    server = await createMockServer({ logLevel: 'silent' })
    const keys = { 'X-App-Id': server.credentials.appId, 'X-App-Token': server.credentials.appToken }
    expect((await arm(server.url, { operationId: 'listCampaigns', action: 'reset', times: 1 })).status).toBe(201)
    const failed = await get(`${server.url}/v1/campaigns`, keys)
    const next = await get(`${server.url}/v1/campaigns`, keys)

    expect(failed.status).toBeUndefined()
    expect(failed.error).toBe('ECONNRESET')
    expect(next.status).toBe(200)
  })

  it('abort: status and headers arrive, the body is cut off halfway', async () => {
    server = await createMockServer({ logLevel: 'silent' })
    const keys = { 'X-App-Id': server.credentials.appId, 'X-App-Token': server.credentials.appToken }
    await arm(server.url, { operationId: 'listCampaigns', action: 'abort', match: { query: { limit: '5' } } })
    const cut = await get(`${server.url}/v1/campaigns?limit=5`, keys)
    const whole = await get(`${server.url}/v1/campaigns?limit=4`, keys)

    expect(cut.status).toBe(200)
    expect(cut.error).toMatch(/ECONNRESET|aborted/)
    expect(cut.bytes).toBeGreaterThan(0)
    expect(cut.bytes).toBeLessThan(cut.length!)
    expect(whole.error).toBeUndefined()
  })

  it('hang: no answer until the fault is cleared (or its bound passes), then the connection closes', async () => {
    server = await createMockServer({ logLevel: 'silent' })
    const keys = { 'X-App-Id': server.credentials.appId, 'X-App-Token': server.credentials.appToken }
    await arm(server.url, { operationId: 'getVoucher', action: 'hang', match: { params: { code: 'WELCOME-0001' } } })
    const hung = get(`${server.url}/v1/vouchers/WELCOME-0001`, keys)
    const other = await get(`${server.url}/v1/vouchers/WELCOME-0002`, keys)
    // wait (bounded, no timer) until the mock holds the hung request
    let held = { faults: [{ hits: 0 }] }
    for (let i = 0; i < 200 && held.faults[0].hits === 0; i++) held = await fetch(`${server.url}/_mock/faults`).then((r) => r.json() as Promise<typeof held>)
    await fetch(`${server.url}/_mock/faults`, { method: 'DELETE', headers: { 'content-type': 'application/json' } })
    const outcome = await hung

    expect(other.status).toBe(200)
    expect(held.faults[0].hits).toBe(1)
    expect(outcome.status).toBeUndefined()
    expect(outcome.error).toMatch(/ECONNRESET|socket hang up/)

    await arm(server.url, { operationId: 'getVoucher', action: 'hang', ms: 20 })
    const bounded = await get(`${server.url}/v1/vouchers/WELCOME-0001`, keys)
    expect(bounded.error).toMatch(/ECONNRESET|socket hang up/)
  })
})
