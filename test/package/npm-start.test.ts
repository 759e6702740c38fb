import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { staleBecause } from '../../bin/build-state.js'
import { packageRoot } from '../../src/paths.js'

const root = packageRoot()
const temp = mkdtempSync(join(tmpdir(), 'promokit-start-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Polls (bounded) until `check` holds: process start and stop only. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('npm start', () => {
  it('rebuilds only when an input is newer than the last completed build', () => {
    const checkout = join(temp, 'checkout')
    mkdirSync(join(checkout, 'dist'), { recursive: true })
    mkdirSync(join(checkout, 'mock', 'campaigns'), { recursive: true })
    const source = join(checkout, 'mock', 'campaigns', 'store.ts')
    const test = join(checkout, 'mock', 'campaigns', 'store.test.ts')
    writeFileSync(source, 'export {}\n')
    writeFileSync(test, 'export {}\n')
    expect(staleBecause(checkout)).toBe('never built')

    const stamp = join(checkout, 'dist', '.build-stamp')
    writeFileSync(stamp, 'built\n')
    const built = new Date('2026-01-01T10:00:00Z')
    utimesSync(stamp, built, built)
    const before = new Date('2026-01-01T09:00:00Z')
    const after = new Date('2026-01-01T11:00:00Z')
    utimesSync(source, before, before)
    utimesSync(test, after, after) // tests are not built: no reason to rebuild
    expect(staleBecause(checkout)).toBeUndefined()

    utimesSync(source, after, after)
    expect(staleBecause(checkout)).toBe(join('mock', 'campaigns', 'store.ts'))
  })

  it('serves the mock, and stopping npm start by its process id stops the mock and frees the port', async () => {
    const npm = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start', '--silent', '--', '--port', '0', '--log-level', 'silent'], { cwd: root })
    let output = ''
    npm.stdout.on('data', (chunk) => (output += chunk))
    npm.stderr.on('data', (chunk) => (output += chunk))
    try {
      await until(() => /listening on http:\/\/\S+/.test(output), 'the banner')
      const url = /listening on (http:\/\/\S+)/.exec(output)![1]
      expect((await fetch(`${url}/_mock/clock`)).status).toBe(200)
      expect(output).not.toContain('promokit: building') // npm test built it: nothing changed since

      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()))
      npm.kill('SIGTERM')
      await exited
      // Asked until refused, then never again: other test files listen on port 0 too and may be given this port next.
      await until(() => fetch(`${url}/_mock/clock`).then(() => false, () => true), 'the port to be freed')
    } finally {
      npm.kill('SIGKILL')
    }
  }, 60_000)
})
