import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../../src/paths.js'

const run = promisify(execFile)

describe('mock/control/control-openapi-data.ts (the control description the core validates against)', () => {
  it('matches what control-openapi.yaml generates now', async () => {
    const root = packageRoot()
    const { stdout } = await run(process.execPath, ['bin/gen-control-data.js', '--stdout'], { cwd: root })
    const committed = await readFile(`${root}/mock/control/control-openapi-data.ts`, 'utf8')
    if (stdout !== committed) expect.fail('mock/control/control-openapi-data.ts is stale: run npm run gen:types (and commit the result)')
  })
})
