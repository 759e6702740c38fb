#!/usr/bin/env node
// Composition root of the `promokit` command (bin/promokit.js runs the compiled dist/cli.js).
import { runCli } from './src/cli/run-cli.js'
import { mockCommand } from './mock/serve.js'

await runCli(process.argv, [mockCommand()])
