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

// Logs the URL of every module Node's ESM loader loads (CommonJS packages load through require and are not seen).
const TRACE = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent("export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('loaded ' + url + '\\\\n'); return next(url, context) }"))
`)}`

beforeAll(() => ensureBuilt(), 120_000)

describe('the built CLI (dist/bundle/, bin/bundle-cli.js)', () => {
  it('prints --help for every command', async () => {
    const top = await run(process.execPath, [bin, '--help'])
    for (const name of COMMANDS) expect(top.stdout).toMatch(new RegExp(`^\\s+${name}\\b`, 'm'))
    const helps = await Promise.all(COMMANDS.map((name) => run(process.execPath, [bin, name, '--help'])))
    helps.forEach(({ stdout }, i) => expect(stdout).toContain(`Usage: promokit ${COMMANDS[i]} `))
  }, 60_000)

  it('starts `promokit contract` from a few bundled files, with the precompiled validators of the build', async () => {
    expect(existsSync(join(root, 'dist', 'bundle', 'cli.js'))).toBe(true)
    const { stdout, stderr } = await run(process.execPath, ['--import', TRACE, bin, 'contract', '--list'])
    expect(stdout).toMatch(/^auth\./m)
    const loaded = stderr.split('\n').filter((line) => line.startsWith('loaded ')).map((line) => line.slice('loaded file://'.length))
    const own = loaded.filter((file) => !file.includes('/node_modules/')).map((file) => file.slice(root.length + 1))
    // not the tsc output module by module, nor the mock's code
    expect(own.filter((file) => file.startsWith('dist/') && !file.startsWith('dist/bundle/'))).toEqual([])
    expect(own.length).toBeGreaterThan(1)
    expect(own.length).toBeLessThan(30)
    // The validators' key hashes the validation code as it lies in dist/ (import.meta.url in the bundle names it):
    // had it not matched, the spec would be parsed and compiled again, into node_modules/.cache.
    expect(loaded.filter((file) => /swagger-parser|\/precompile-[^/]*\.js$/.test(file))).toEqual([])
  }, 60_000)
})
