import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../src/paths.js'
import { ensureBuilt } from '../hardening/cli-process.js'

const run = promisify(execFile)
const root = packageRoot()
const bin = join(root, 'bin', 'promokit.js')
const COMMANDS = ['mock', 'contract', 'proxy', 'drift', 'record', 'replay', 'matrix', 'mcp']

// Logs every module file Node's ESM loader loads and, at exit, those require() loaded (CommonJS packages).
const TRACE = `data:text/javascript,${encodeURIComponent(`
import { createRequire, register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent("export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('loaded ' + url.slice(7) + '\\\\n'); return next(url, context) }"))
process.on('exit', () => { for (const file of Object.keys(createRequire(process.cwd() + '/').cache)) process.stderr.write('required ' + file + '\\n') })
`)}`

/** The files a `promokit` run loaded: [ESM, CommonJS]. */
async function traced(args: string[]): Promise<{ stdout: string; loaded: string[]; required: string[] }> {
  const { stdout, stderr } = await run(process.execPath, ['--import', TRACE, bin, ...args])
  const lines = stderr.split('\n')
  const files = (prefix: string) => lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length))
  return { stdout, loaded: files('loaded '), required: files('required ') }
}

beforeAll(() => ensureBuilt(), 120_000)

describe('the built CLI (dist/bundle/, bin/bundle-cli.js)', () => {
  it('prints --help for every command', async () => {
    const top = await run(process.execPath, [bin, '--help'])
    for (const name of COMMANDS) expect(top.stdout).toMatch(new RegExp(`^\\s+${name}\\b`, 'm'))
    const helps = await Promise.all(COMMANDS.map((name) => run(process.execPath, [bin, name, '--help'])))
    helps.forEach(({ stdout }, i) => expect(stdout).toContain(`Usage: promokit ${COMMANDS[i]} `))
  }, 60_000)

  it('starts `promokit contract` from a few bundled files, with the precompiled validators of the build and without fast-check', async () => {
    expect(existsSync(join(root, 'dist', 'bundle', 'cli.js'))).toBe(true)
    const { stdout, loaded, required } = await traced(['contract', '--list'])
    expect(stdout).toMatch(/^auth\./m)
    const own = loaded.filter((file) => !file.includes('/node_modules/')).map((file) => file.slice(root.length + 1))
    // not the tsc output module by module, nor the mock's code
    expect(own.filter((file) => file.startsWith('dist/') && !file.startsWith('dist/bundle/'))).toEqual([])
    expect(own.length).toBeGreaterThan(1)
    expect(own.length).toBeLessThan(30)
    // The validators' key hashes the validation code as it lies in dist/ (import.meta.url in the bundle names it):
    // had it not matched, the spec would be parsed and compiled again, into node_modules/.cache.
    expect(loaded.filter((file) => /swagger-parser|\/precompile-[^/]*\.js$/.test(file))).toEqual([])
    // fast-check loads on first use (bin/lazy-fast-check.js): the fixed checks are built without it
    expect([...loaded, ...required].filter((file) => file.includes('/node_modules/fast-check/'))).toEqual([])
  }, 60_000)

  it("runs `promokit contract`'s in-process mock on its thread from the bundle too", async () => {
    const { stdout, loaded } = await traced(['contract', '--grep', '^filters\\.listCampaigns$'])
    expect(stdout).toMatch(/^Started the promokit mock at http/m)
    expect(stdout).toMatch(/1 passed, 0 failed/)
    expect(loaded.filter((file) => file.endsWith('/mock-thread.js'))).toEqual([join(root, 'dist', 'bundle', 'mock-thread.js')])
    const own = loaded.filter((file) => !file.includes('/node_modules/') && file.startsWith(join(root, 'dist')))
    expect(own.filter((file) => !file.startsWith(join(root, 'dist', 'bundle')))).toEqual([])
  }, 60_000)

  it('loads fast-check when --generate builds its checks', async () => {
    const { stdout, required } = await traced(['contract', '--list', '--generate', '20'])
    expect(stdout).toMatch(/^generate\.stateful-campaigns /m)
    expect(stdout).toMatch(/^generate\.listCampaigns /m)
    expect(required.filter((file) => file.includes('/node_modules/fast-check/')).length).toBeGreaterThan(0)
  }, 60_000)
})
