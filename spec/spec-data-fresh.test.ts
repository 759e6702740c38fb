import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'

const run = promisify(execFile)

describe('src/spec/openapi-graph.ts (the spec as data for the platform-neutral core)', () => {
  it('matches what the spec generates now', async () => {
    const root = packageRoot()
    const { stdout } = await run(process.execPath, ['bin/gen-spec-data.js', '--stdout'], { cwd: root, maxBuffer: 32 * 1024 * 1024 })
    const committed = await readFile(`${root}/src/spec/openapi-graph.ts`, 'utf8')
    if (stdout !== committed) {
      expect.fail('src/spec/openapi-graph.ts is stale: run npm run gen:types (and commit the result)')
    }
  })
})
