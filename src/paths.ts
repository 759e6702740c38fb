import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package root (where package.json names `promokit`), from source or from dist/: found once, a constant. */
export const packageRoot = (): string => ROOT

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = join(dir, 'package.json')
    if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === 'promokit') return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('promokit: cannot find the package root (package.json named "promokit")')
    dir = parent
  }
}

const ROOT = findPackageRoot()

export const specPath = (): string => join(packageRoot(), 'spec', 'openapi.yaml')
