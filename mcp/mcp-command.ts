import { Command } from 'commander'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { envValue, existingFolder, integerOption } from '../src/cli/options.js'
import { packageVersion } from '../src/cli/run-cli.js'
import type { ControlTarget } from './call-control.js'

interface McpFlags {
  url?: string
  controlToken?: string
  fixtures?: string
  port: number
}

/**
 * `promokit mcp`: the mock's control plane and the conformance suite as MCP tools over stdio, for an assistant.
 * stdout belongs to the protocol, so everything for a person goes to stderr.
 */
export function mcpCommand(env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('mcp')
    .description('serve the mock\'s control plane and the contract suite as MCP tools over stdio (for AI assistants)')
    .option('--url <url>', 'a running promokit mock to drive (env PROMOKIT_MOCK_URL; default: start one in this process)')
    .option('--control-token <token>', 'the mock\'s control token, when it asks for one (env PROMOKIT_CONTROL_TOKEN)')
    .option('--fixtures <dir>', 'with no --url: fixture folder for the mock this command starts', existingFolder)
    .option('--port <n>', 'with no --url: port of the mock this command starts, on 127.0.0.1 (0 = any free port)', integerOption(0, 65_535), 0)
    .addHelpText('after', '\nAn assistant\'s configuration, e.g. .mcp.json:\n  { "mcpServers": { "promokit": { "command": "npx", "args": ["promokit", "mcp"] } } }\n')
    .action(async (flags: McpFlags) => serveMcp(flags, env))
}

async function serveMcp(flags: McpFlags, env: NodeJS.ProcessEnv): Promise<void> {
  const url = flags.url ?? envValue(env, 'PROMOKIT_MOCK_URL')
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new CliError(USAGE_ERROR, `--url must be an http(s) URL, got "${url}"`)
  if (url !== undefined && flags.fixtures !== undefined) throw new CliError(USAGE_ERROR, '--fixtures applies to the mock this command starts: drop --url, or load fixtures into that mock')
  const sdk = await loadSdk()
  const { loadControlTools } = await import('./control-tools.js')
  const { createMcpServer } = await import('./mcp-server.js')
  let close = async (): Promise<void> => undefined
  let target: ControlTarget
  if (url === undefined) {
    const { createMockServer } = await import('../mock/adapters/node-server.js')
    const mock = await createMockServer({ clock: 'system', port: flags.port, fixturesDir: flags.fixtures })
    target = { url: mock.url }
    close = () => mock.close()
    process.stderr.write(`promokit mcp: started the mock at ${mock.url} (app keys ${mock.credentials.appId} / ${mock.credentials.appToken})\n`)
  } else {
    target = { url: url.replace(/\/+$/, ''), controlToken: flags.controlToken ?? envValue(env, 'PROMOKIT_CONTROL_TOKEN') }
  }
  const server = createMcpServer(target, await loadControlTools(), packageVersion())
  const transport = new sdk.StdioServerTransport()
  const done = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
    process.stdin.once('end', () => resolve())
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  await server.connect(transport)
  process.stderr.write(`promokit mcp: serving ${target.url} over stdio\n`)
  await done
  await server.close().catch(() => undefined)
  await close()
}

/** The SDK is an optional peer dependency: only this command needs it. */
async function loadSdk(): Promise<typeof import('@modelcontextprotocol/sdk/server/stdio.js')> {
  try {
    return await import('@modelcontextprotocol/sdk/server/stdio.js')
  } catch {
    throw new CliError(USAGE_ERROR, 'promokit mcp needs the MCP SDK: npm install @modelcontextprotocol/sdk')
  }
}
