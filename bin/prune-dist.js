#!/usr/bin/env node
// Build step after tsc: removes outputs in dist/ whose source is gone or is test support (`*.test.ts`,
// `**/testing/**`, `test/`, the vitest config). tsc never deletes what it emitted before, so a file moved
// under testing/ would otherwise still ship from an older build, with its imports of vitest and the like;
// and `npm test` compiles tests and sources in one tsc pass (typecheck and build at once), then prunes here.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
// Written by the build itself, not by tsc from a source.
const OWN = new Set(['validators', 'bundle'])
const OUTPUT = /\.(d\.ts\.map|d\.ts|js\.map|js)$/

function isTestSupport(source) {
  const parts = source.split(sep)
  return /\.test\.ts$/.test(source) || parts.includes('testing') || parts[0] === 'test' || source === 'vitest.config.ts'
}

let removed = 0
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (dir === dist && OWN.has(entry.name)) continue
      prune(path)
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true })
    } else if (OUTPUT.test(entry.name)) {
      const source = join(root, relative(dist, path).replace(OUTPUT, '.ts'))
      if (!existsSync(source) || isTestSupport(relative(root, source))) {
        rmSync(path)
        removed++
      }
    }
  }
}

if (existsSync(dist)) prune(dist)
// A package.json in dist/ would make dist/ the package root (src/paths.ts looks upward for it).
if (existsSync(join(dist, 'package.json'))) {
  rmSync(join(dist, 'package.json'))
  removed++
}
if (removed > 0) process.stdout.write(`removed ${removed} stale file(s) from dist/ (source gone or test support)\n`)
