import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { CliError } from '../src/cli/cli-error.js'
import { PRISM_RANGE, prismEntry } from './proxy-command.js'

describe('promokit proxy without Prism installed', () => {
  it('says Prism is an optional peer dependency and how to install it, exit 2', () => {
    const without = Object.assign(createRequire(import.meta.url), {
      resolve: () => {
        throw Object.assign(new Error("Cannot find module '@stoplight/prism-cli/package.json'"), { code: 'MODULE_NOT_FOUND' })
      },
    }) as NodeJS.Require
    let error: unknown
    try {
      prismEntry(without)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(CliError)
    expect((error as CliError).exitCode).toBe(2)
    expect((error as CliError).message).toContain(`npm install --save-dev @stoplight/prism-cli@${PRISM_RANGE}`)
    // read, not imported: an imported package.json would be copied into dist/ by `npm test`'s one tsc pass
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(manifest.peerDependencies['@stoplight/prism-cli']).toBe(PRISM_RANGE)
  })

  it('finds the installed Prism CLI', () => {
    expect(prismEntry()).toMatch(/@stoplight[\\/]prism-cli[\\/].+\.js$/)
  })
})
