import { readdir, readFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from './paths.js'

const FORBIDDEN = ['mock', 'contracts', 'fixtures']
// Static imports/exports, dynamic import() and require() of a relative module.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.map((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === '__fixtures__' ? [] : sourceFiles(path)
    return /\.(ts|js|mts|mjs)$/.test(e.name) ? [path] : []
  }))
  return nested.flat()
}

describe('src/ import boundary', () => {
  it('imports nothing from mock/, contracts/ or fixtures/', async () => {
    const root = packageRoot()
    const offenders: string[] = []
    for (const file of await sourceFiles(join(root, 'src'))) {
      const text = await readFile(file, 'utf8')
      for (const [, specifier] of text.matchAll(SPECIFIER)) {
        const target = relative(root, resolve(file, '..', specifier)).split(sep)[0]
        if (FORBIDDEN.includes(target)) offenders.push(`${relative(root, file)} imports ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('would notice such an import', () => {
    const line = "import { ApiError } from '../../mock/errors.js'"
    expect([...line.matchAll(SPECIFIER)].map((m) => m[1])).toEqual(['../../mock/errors.js'])
  })
})
