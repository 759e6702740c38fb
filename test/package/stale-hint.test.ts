import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../src/paths.js'

const run = promisify(execFile)
const root = packageRoot()
const temp = mkdtempSync(join(tmpdir(), 'promokit-stale-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** A checkout with bin/promokit.js whose "CLI" (dist/cli.js) is `cli`, built before its sources changed when `stale`. */
function checkout(name: string, cli: string, stale: boolean): string {
  const dir = join(temp, name)
  mkdirSync(join(dir, 'bin'), { recursive: true })
  mkdirSync(join(dir, 'dist'), { recursive: true })
  for (const file of ['promokit.js', 'build-state.js']) copyFileSync(join(root, 'bin', file), join(dir, 'bin', file))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'promokit', type: 'module' }))
  writeFileSync(join(dir, 'dist', 'cli.js'), cli)
  writeFileSync(join(dir, 'dist', '.build-stamp'), 'built\n')
  writeFileSync(join(dir, 'cli.ts'), 'export {}\n')
  const [built, edited] = stale ? [1_000_000, 2_000_000] : [2_000_000, 1_000_000]
  utimesSync(join(dir, 'dist', '.build-stamp'), built, built)
  utimesSync(join(dir, 'cli.ts'), edited, edited)
  return dir
}

const HINT = 'promokit: dist/ is older than cli.ts; run `npm run build` to use your changes\n'

describe('bin/promokit.js in a checkout whose dist/ is older than its sources', () => {
  it('says so once when a quick command ends, after its output', async () => {
    const dir = checkout('quick', "console.log('ran')\n", true)
    const { stdout, stderr } = await run(process.execPath, [join(dir, 'bin', 'promokit.js')])
    expect(stdout).toBe('ran\n')
    expect(stderr).toBe(HINT)
  })

  it('says so once while a long command runs, without waiting for its end', async () => {
    const dir = checkout('long', "await new Promise((resolve) => setTimeout(resolve, 1500))\nprocess.stderr.write('done\\n')\n", true)
    const { stderr } = await run(process.execPath, [join(dir, 'bin', 'promokit.js')])
    expect(stderr).toBe(`${HINT}done\n`)
  })

  it('says nothing when dist/ is current', async () => {
    const dir = checkout('current', "console.log('ran')\n", false)
    const { stdout, stderr } = await run(process.execPath, [join(dir, 'bin', 'promokit.js')])
    expect([stdout, stderr]).toEqual(['ran\n', ''])
  })
})
