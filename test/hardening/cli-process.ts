import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../../src/paths.js'

const root = packageRoot()

/** Newest mtime of the sources the CLI is built from. */
function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** Builds dist/ when a source is newer than the built CLI (npm test builds first, so usually nothing to do). */
export function ensureBuilt(): void {
  const built = (() => {
    try {
      return statSync(join(root, 'dist', 'mock', 'engine', 'persistence', 'persistence.js')).mtimeMs
    } catch {
      return 0
    }
  })()
  const sources = Math.max(...['mock', 'src', 'fixtures'].map((d) => newestSource(join(root, d))), statSync(join(root, 'cli.ts')).mtimeMs)
  if (sources <= built) return
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
  } catch (error) {
    // tsc still emits when some other file has a type error (the typecheck step reports it); only a missing CLI is fatal
    if (!existsSync(join(root, 'dist', 'cli.js'))) throw error
  }
}

export interface RunningCli {
  url: string
  proc: ChildProcess
  stdout: () => string
  /** Resolves when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
}

export type Started = { ok: true; cli: RunningCli } | { ok: false; code: number | null; stderr: string }

/** `node bin/promokit.js mock --port 0 ...`; resolves once it prints its URL, or with its exit when it stops first. */
export function startCli(args: string[]): Promise<Started> {
  const proc = spawn(process.execPath, [join(root, 'bin', 'promokit.js'), 'mock', '--port', '0', '--log-level', 'silent', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', VITEST: undefined },
  })
  let out = ''
  let err = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    proc.on('exit', (code, signal) => resolve({ code, signal, stderr: err }))
  })
  proc.stderr?.on('data', (d) => (err += String(d)))
  return new Promise((resolve) => {
    proc.stdout?.on('data', (d) => {
      out += String(d)
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match && /State file: .*\n|Control API/.test(out)) resolve({ ok: true, cli: { url: match[1], proc, stdout: () => out, exited } })
    })
    void exited.then(({ code }) => resolve({ ok: false, code, stderr: err }))
  })
}
