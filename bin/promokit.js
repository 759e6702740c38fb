#!/usr/bin/env node
// The bin runs the compiled CLI; `npm run build`, `npm start` and `npm test` build it (the package has no install
// script: npm 11 warns about each one an installed package brings). It never rebuilds: in a
// checkout whose sources changed since the last build it says so (`npm start` rebuilds when needed).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The build bundles the compiled CLI into dist/bundle/ (bin/bundle-cli.js): a handful of files to load instead of
// hundreds. dist/cli.js, the same code module by module, serves a tree compiled by tsc alone.
const bundled = new URL('../dist/bundle/cli.js', import.meta.url)
const entry = existsSync(fileURLToPath(bundled)) ? bundled : new URL('../dist/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('promokit: the CLI is not built yet. Run `npm run build` (npm start and npm test do it for you).\n')
  process.exit(1)
}
if (existsSync(fileURLToPath(new URL('../cli.ts', import.meta.url)))) {
  // A hint, so not in the way of the command's start (the stats of ~600 files took 10-25 ms of a contract run's
  // 0.3 s before its first check): a second in, or at the exit of a command that ends sooner.
  const { staleBecause } = await import('./build-state.js')
  let checked = false
  const hint = () => {
    if (checked) return
    checked = true
    const reason = staleBecause()
    if (reason) process.stderr.write(`promokit: dist/ is older than ${reason}; run \`npm run build\` to use your changes\n`)
  }
  setTimeout(hint, 1000).unref()
  process.once('exit', hint)
}
await import(entry.href)
