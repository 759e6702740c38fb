#!/usr/bin/env node
// Composition root of the `promokit` command (bin/promokit.js runs the compiled dist/cli.js).
import { contractCommand, proxyCommand } from './contracts/cli.js'
import { mockCommand } from './mock/serve.js'
import { runCli } from './src/cli/run-cli.js'

await runCli(process.argv, [mockCommand(), contractCommand(), proxyCommand()])
