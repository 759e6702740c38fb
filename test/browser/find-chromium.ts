import { spawn } from 'node:child_process'
import { constants, createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs'
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, delimiter, dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress } from 'node:zlib'
import { packageRoot } from '../../src/paths.js'

/**
 * Which Chromium the browser tests drive, found with no set-up beyond `npm install`, in this order:
 * 1. `PROMOKIT_CHROMIUM` (a path; an error when nothing runnable is there),
 * 2. a system Chromium or Chrome on PATH (Debian's `chromium`, `chromium-browser`, `google-chrome`…),
 * 3. the headless Chromium shipped inside the dev dependency `@sparticuz/chromium` (brotli files in
 *    the package, unpacked once into node_modules/.cache; nothing is downloaded at install or at run time).
 */
export interface ChromiumBinary {
  path: string
  source: 'PROMOKIT_CHROMIUM' | 'system' | '@sparticuz/chromium'
  /** Variables the bundled build needs: its own NSS/expat libraries and fonts, so no system package is required. */
  env: Record<string, string>
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome']

async function runnable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

async function onPath(names: string[], path = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const name of names) {
    for (const dir of path.split(delimiter).filter(Boolean)) {
      if (await runnable(join(dir, name))) return join(dir, name)
    }
  }
  return undefined
}

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumBinary> {
  const chosen = env.PROMOKIT_CHROMIUM
  if (chosen) {
    if (!(await runnable(chosen))) throw new Error(`PROMOKIT_CHROMIUM=${chosen} is not an executable file`)
    return { path: chosen, source: 'PROMOKIT_CHROMIUM', env: {} }
  }
  const system = await onPath(SYSTEM_NAMES, env.PATH)
  if (system) return { path: system, source: 'system', env: {} }
  return unpackBundled()
}

/** Unpacks @sparticuz/chromium once per version; a half-finished unpack never counts (it is renamed into place last). */
async function unpackBundled(): Promise<ChromiumBinary> {
  const require = createRequire(import.meta.url)
  let root: string
  try {
    // The package exports only its entry (build/{esm,cjs}/index.*); its root is two levels up.
    root = join(dirname(require.resolve('@sparticuz/chromium')), '..', '..')
  } catch {
    throw new Error('No Chromium found: set PROMOKIT_CHROMIUM, install a system Chromium, or run `npm install` (the dev dependency @sparticuz/chromium ships one)')
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  const bin = join(root, 'bin')
  const dir = join(packageRoot(), 'node_modules', '.cache', `promokit-chromium-${version}`)
  const binary: ChromiumBinary = {
    path: join(dir, 'chromium'),
    source: '@sparticuz/chromium',
    env: { LD_LIBRARY_PATH: join(dir, 'lib'), FONTCONFIG_PATH: dir },
  }
  if (existsSync(binary.path)) return binary
  const staging = `${dir}.tmp-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  await Promise.all([
    pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(staging, 'chromium'), { mode: 0o755 })),
    untar(join(bin, 'al2023.tar.br'), staging),
    untar(join(bin, 'fonts.tar.br'), staging),
  ])
  await writeFile(join(staging, 'fonts.conf'), `<?xml version="1.0"?>\n<fontconfig><dir>${join(dir, 'fonts')}</dir><cachedir>${join(dir, 'fonts-cache')}</cachedir></fontconfig>\n`)
  try {
    await rename(staging, dir)
  } catch (error) {
    // Another run unpacked the same version first: use its copy.
    await rm(staging, { recursive: true, force: true })
    if (!existsSync(binary.path)) throw error
  }
  return binary
}

async function untar(archive: string, into: string): Promise<void> {
  // Whole file first: tar stops reading at its end-of-archive marker, which would break a stream into its stdin.
  const unpacked = join(into, `${basename(archive, '.br')}`)
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(unpacked))
  await new Promise<void>((resolve, reject) => {
    const tar = spawn('tar', ['-x', '--no-same-owner', '-f', unpacked, '-C', into], { stdio: ['ignore', 'ignore', 'inherit'] })
    tar.once('error', reject)
    tar.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code} unpacking ${archive}`))))
  })
  await rm(unpacked)
}
