import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'

const run = promisify(execFile)

describe('src/types/openapi.ts', () => {
  it('matches what the spec generates now', async () => {
    const root = packageRoot()
    const { stdout } = await run(process.execPath, ['bin/gen-types.js', '--stdout'], { cwd: root, maxBuffer: 32 * 1024 * 1024 })
    const committed = await readFile(`${root}/src/types/openapi.ts`, 'utf8')
    if (stdout !== committed) {
      expect.fail('src/types/openapi.ts is stale: run npm run gen:types (and commit the result)')
    }
  })
})
