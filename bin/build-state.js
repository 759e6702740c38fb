// Whether dist/ is older than what it is built from, in a checkout (an installed package has no sources
// and is never stale). Used by `npm start` (rebuild only then) and by bin/promokit.js (a hint, no rebuild).
// A stat of each input: ~10 ms, against seconds for `npm run build`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '')
/** Written by the build's last step (bin/precompile.js): the build completed at this time. */
export const stampFile = join(root, 'dist', '.build-stamp')

const SOURCE_DIRS = ['src', 'mock', 'contracts', 'fixtures', 'bench', 'spec']
const ROOT_FILES = ['cli.ts', 'index.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'bin/precompile.js', 'bin/bundle-cli.js', 'bin/lazy-fast-check.js']
const INPUT = /\.(ts|ya?ml)$/

/** The first input newer than the last completed build, or 'never built'; undefined when dist/ is current. */
export function staleBecause(dir = root) {
  const stamp = join(dir, 'dist', '.build-stamp')
  if (!existsSync(stamp)) return 'never built'
  const built = statSync(stamp).mtimeMs
  for (const file of ROOT_FILES) {
    const path = join(dir, file)
    if (existsSync(path) && statSync(path).mtimeMs > built) return file
  }
  for (const sub of SOURCE_DIRS) {
    const newer = newerIn(join(dir, sub), built)
    if (newer) return newer.slice(dir.length + 1)
  }
  return undefined
}

function newerIn(dir, built) {
  if (!existsSync(dir)) return undefined
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'profiles') continue
      const newer = newerIn(path, built)
      if (newer) return newer
    } else if (INPUT.test(entry.name) && !entry.name.includes('.test.') && statSync(path).mtimeMs > built) {
      return path
    }
  }
  return undefined
}

/** Runs `npm run build` when dist/ is stale (saying why on stderr); exits with the build's code if it fails. */
export function buildIfStale() {
  const reason = staleBecause()
  if (!reason) return
  process.stderr.write(`promokit: building (${reason === 'never built' ? 'never built' : `${reason} changed since the last build`})\n`)
  const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
