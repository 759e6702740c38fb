#!/usr/bin/env node
// The bin runs the compiled CLI; `npm install` builds it (the `prepare` script).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('promokit: the CLI is not built yet. Run `npm run build` (npm install does it for you).\n')
  process.exit(1)
}
await import(entry.href)
