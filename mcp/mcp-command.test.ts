import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'
import { ensureBuilt } from '../test/hardening/cli-process.js'

beforeAll(() => ensureBuilt())

describe('promokit mcp over stdio (the configuration line an assistant uses)', () => {
  it('starts its own mock, answers the SDK client\'s tool calls, and ends when the client goes', async () => {
    const stderr: string[] = []
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(packageRoot(), 'bin', 'promokit.js'), 'mcp'],
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
    const client = new Client({ name: 'promokit-stdio-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['resetMock', 'getMockState', 'runContract']))
      const state = (await client.callTool({ name: 'getMockState', arguments: {} })) as CallToolResult
      expect(state.isError).toBeFalsy()
      const [first] = state.content
      expect(first.type === 'text' && JSON.parse(first.text)).toMatchObject({ status: 200, body: { projects: expect.any(Array) } })
    } finally {
      await client.close()
    }
    // stdout carries only the protocol; what a person reads went to stderr
    expect(stderr.join('')).toMatch(/started the mock at http:\/\/127\.0\.0\.1:\d+/)
  })
})
