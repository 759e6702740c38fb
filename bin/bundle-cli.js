#!/usr/bin/env node
// Build step after tsc: bundles the CLI's own compiled modules (dist/cli.js and everything it imports from
// dist/) into dist/bundle/, packages left external. Node's ESM loader resolves, reads, compiles and links each
// module on its own: a `promokit contract` run loaded ~135 of them before its first check (importing them took
// ~240 ms on a busy machine); from the bundle it loads 16 files (~100 ms). The command modules stay behind dynamic imports
// (esbuild's code splitting), so `promokit mock` still starts without the conformance suite and the other way
// round. dist/ keeps tsc's per-module output: the library entries (promokit, promokit/msw) and the tests use it.
import { build } from 'esbuild'
import { readdir, readFile, rm } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const bundleDir = join(dist, 'bundle')

// Entry points besides the CLI: scripts a module starts by URL (`new URL('./x.js', import.meta.url)`), so that a
// worker thread loads bundled code too (`promokit contract`'s in-process mock, contracts/mock-beside.ts).
const THREADS = ['contracts/mock-thread.js']
const SCRIPT_URL = /new URL\((['"])\.\/([\w.-]+\.js)\1, import\.meta\.url\)/g

// A module finds files beside itself through import.meta.url (the package root, the validation code the
// precompiled validators are keyed on). In the bundle it names the module's own file in dist/ still, so each
// finds what it found before bundling (every chunk lies in bundleDir); a script bundled as an entry point is
// named in the bundle instead.
const ownUrl = {
  name: 'own-import-meta-url',
  setup(bundler) {
    bundler.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8')
      if (!contents.includes('import.meta.url')) return undefined
      const own = relative(bundleDir, path).split(sep).join('/')
      const bundledScript = (match, quote, file) => (THREADS.includes(relative(dist, join(dirname(path), file)).split(sep).join('/')) ? `new URL(${quote}./${file}${quote}, import.meta["url"])` : match)
      const rewritten = contents.replace(SCRIPT_URL, bundledScript).replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`)
      return { contents: rewritten.replaceAll('import.meta["url"]', 'import.meta.url'), loader: 'js' }
    })
  },
}

// fast-check on first use (bin/lazy-fast-check.js says why)
const lazyFastCheck = {
  name: 'lazy-fast-check',
  setup(bundler) {
    bundler.onResolve({ filter: /^fast-check$/ }, () => ({ path: join(root, 'bin', 'lazy-fast-check.js') }))
  },
}

const started = performance.now()
const result = await build({
  entryPoints: [join(dist, 'cli.js'), ...THREADS.map((file) => join(dist, file))],
  entryNames: '[name]',
  outdir: bundleDir,
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  // tsc's source maps are chained: with --enable-source-maps a stack trace names the TypeScript source
  sourcemap: 'linked',
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [ownUrl, lazyFastCheck],
})
// Chunks are named by their content, so the new ones are written beside the last build's, which are removed only
// now: a CLI started from the last build (a test while another rebuilds) still finds its chunks meanwhile.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => resolve(root, file)))
for (const file of await readdir(bundleDir)) if (!written.has(join(bundleDir, file))) await rm(join(bundleDir, file), { force: true })
const inputs = Object.keys(result.metafile.inputs).length
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')).length
process.stdout.write(`bundled the CLI's ${inputs} modules into ${outputs} files in dist/bundle/ (${Math.round(performance.now() - started)} ms)\n`)
