import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { staleBecause } from '../../bin/build-state.js'
import { packageRoot } from '../../src/paths.js'

const root = packageRoot()

/**
 * Builds dist/ when it is older than its inputs (npm test builds first, so usually nothing to do). Staleness is
 * bin/build-state.js's, the one `npm start` uses: against the stamp the build writes last. (Comparing with one
 * built file rebuilt in every test file that spawns the CLI, every run, once a source the build does not
 * re-emit, incremental as tsc is, or does not read at all, test support under testing/, was newer.)
 */
export function ensureBuilt(): void {
  if (!staleBecause()) return
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'pipe' })
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
