import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { callControl, unknownArguments, type ControlTarget } from './call-control.js'
import type { ControlTool } from './control-tools.js'
import { CONTRACT_TOOL, runContractTool, type ContractArgs } from './contract-tool.js'

const text = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  ...(isError ? { isError: true } : {}),
})

/**
 * The MCP server (no transport: the command connects stdio, tests an in-memory pair): one tool per control
 * operation, named by its operationId, plus `runContract`. A control answer of 4xx/5xx is a tool error that
 * carries the mock's Error body, so an assistant reads the same message a person would.
 */
export function createMcpServer(target: ControlTarget, tools: ControlTool[], version: string): Server {
  const server = new Server({ name: 'promokit', version }, { capabilities: { tools: {} } })
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      CONTRACT_TOOL,
    ],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name } = request.params
    const args = request.params.arguments ?? {}
    try {
      if (name === CONTRACT_TOOL.name) {
        const outcome = await runContractTool(target, args as ContractArgs)
        return text(outcome, outcome.summary.failed > 0)
      }
      const tool = byName.get(name)
      if (!tool) return text(`No tool named "${name}". Tools: ${[...byName.keys(), CONTRACT_TOOL.name].join(', ')}`, true)
      const unknown = unknownArguments(tool, args)
      if (unknown.length > 0) return text(`${name} takes no argument named ${unknown.join(', ')}; it takes ${Object.keys(tool.inputSchema.properties).join(', ') || 'none'}`, true)
      const answer = await callControl(target, tool, args)
      return text({ status: answer.status, body: answer.body }, answer.status >= 400)
    } catch (error) {
      return text(`${name} failed: ${(error as Error).message}`, true)
    }
  })
  return server
}
