import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { loadControlTools } from './control-tools.js'
import { createMcpServer } from './mcp-server.js'

let mock: MockServer
let client: Client

beforeAll(async () => {
  mock = await createMockServer()
  const server = createMcpServer({ url: mock.url }, await loadControlTools(), '0.0.0-test')
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  client = new Client({ name: 'promokit-test', version: '1.0.0' })
  await client.connect(clientSide)
})
afterAll(async () => {
  await client.close()
  await mock.close()
})

const call = async (name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; value: unknown }> => {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  const [first] = result.content
  const raw = first.type === 'text' ? first.text : ''
  let value: unknown = raw
  try {
    value = JSON.parse(raw)
  } catch {
    // a sentence, not JSON
  }
  return { isError: result.isError === true, value }
}

describe('promokit mcp (through the SDK\'s own client)', () => {
  it('lists one tool per control operation, with the schema of the control API\'s description, and runContract', async () => {
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name)
    for (const name of ['resetMock', 'loadFixtures', 'getMockState', 'advanceClock', 'finishJobs', 'addFault', 'setLatency', 'createSandbox', 'listRequests', 'runContract']) {
      expect(names).toContain(name)
    }
    expect(names).not.toContain('getConsole')
    const advance = tools.find((t) => t.name === 'advanceClock')!
    expect(advance.inputSchema).toMatchObject({ type: 'object', required: ['body'], properties: { body: { required: ['ms'] } } })
    const sandbox = tools.find((t) => t.name === 'getSandbox')!
    expect(sandbox.inputSchema.required).toEqual(['sandboxId'])
  })

  it('moves the mock\'s clock and reports where it now stands', async () => {
    const before = Date.parse(((await call('getClock')).value as { body: { now: string } }).body.now)
    const moved = await call('advanceClock', { body: { ms: 60_000 } })
    expect(moved.isError).toBe(false)
    expect(Date.parse((moved.value as { body: { now: string } }).body.now) - before).toBe(60_000)
  })

  it('arms a fault that the API then answers with, and resets it away', async () => {
    const armed = await call('addFault', { body: { operationId: 'listCampaigns', action: 'status', status: 503, times: 1 } })
    expect(armed.isError).toBe(false)
    const headers = { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken }
    expect((await fetch(`${mock.url}/v1/campaigns`, { headers })).status).toBe(503)
    expect((await fetch(`${mock.url}/v1/campaigns`, { headers })).status).toBe(200)
    await call('addFault', { body: { operationId: 'listCampaigns', action: 'status', status: 503 } })
    expect((await call('resetMock')).isError).toBe(false)
    expect((await fetch(`${mock.url}/v1/campaigns`, { headers })).status).toBe(200)
  })

  it('creates a sandbox and reads it back by the id in its answer (path parameters)', async () => {
    const created = (await call('createSandbox')).value as { status: number; body: { id: string } }
    expect(created.status).toBe(201)
    const read = await call('getSandbox', { sandboxId: created.body.id })
    expect(read).toMatchObject({ isError: false, value: { status: 200, body: { id: created.body.id } } })
    expect(await call('getSandbox', { sandboxId: 'no such/../sandbox' })).toMatchObject({ isError: true, value: { status: 404 } })
  })

  it('hands the mock\'s own Error body back as a tool error, and refuses unknown arguments before sending anything', async () => {
    const bad = await call('advanceClock', { body: { ms: -5 } })
    expect(bad.isError).toBe(true)
    expect(bad.value).toMatchObject({ status: 400, body: { code: 400 } })
    const typo = await call('advanceClock', { bdy: { ms: 5 } })
    expect(typo.isError).toBe(true)
    expect(typo.value).toMatch(/takes no argument named bdy/)
    expect(await call('noSuchTool')).toMatchObject({ isError: true })
  })

  it('runs the contract suite against the mock and returns its summary', async () => {
    const { isError, value } = await call('runContract', { grep: '^(auth|campaigns)' })
    const outcome = value as { summary: { passed: number; failed: number }; requests: number; failures: unknown[] }
    expect(isError).toBe(false)
    expect(outcome.summary.failed).toBe(0)
    expect(outcome.summary.passed).toBeGreaterThan(3)
    expect(outcome.requests).toBeGreaterThan(0)
    expect((await call('runContract', { grep: '(' })).isError).toBe(true)
  })
})
