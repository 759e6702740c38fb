#!/usr/bin/env node
// Composition root of the `promokit` command (bin/promokit.js runs the compiled dist/cli.js).
// Command modules load only when their command runs (or for --help), so `promokit mock` starts without
// the conformance suite's modules and `promokit contract` without the mock's CLI.
import type { Command } from 'commander'
import { runCli } from './src/cli/run-cli.js'

const LOADERS: Record<string, () => Promise<Command[]>> = {
  mock: async () => [(await import('./mock/adapters/serve-command.js')).mockCommand()],
  contract: async () => [(await import('./contracts/cli.js')).contractCommand()],
  proxy: async () => [(await import('./contracts/cli.js')).proxyCommand()],
  drift: async () => [(await import('./contracts/cli.js')).driftCommand()],
  record: async () => [(await import('./evidence/cli.js')).recordCommand()],
  replay: async () => [(await import('./evidence/cli.js')).replayCommand()],
  matrix: async () => [(await import('./evidence/cli.js')).matrixCommand()],
  mcp: async () => [(await import('./mcp/mcp-command.js')).mcpCommand()],
}

const requested = process.argv[2]
const names = requested && requested in LOADERS ? [requested] : Object.keys(LOADERS)
const commands = (await Promise.all(names.map((name) => LOADERS[name]()))).flat()
await runCli(process.argv, commands)
