import { builtinModules } from 'node:module'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'esbuild'
import { packageRoot } from '../../src/paths.js'

/**
 * Globals Node has and browsers lack: a bundle that reads one would fail in a page. (`require` of a
 * built-in is caught where it resolves; esbuild turns the CommonJS modules' own `require`s into imports.
 * `global` is left out: libraries read it only behind `typeof global !== 'undefined'`; running the
 * bundle where it is missing, as the test does, catches a read that is not.)
 */
const NODE_GLOBALS = ['Buffer', 'process', '__dirname', '__filename', 'setImmediate', 'clearImmediate']
const MARK = '__promokit_node_global__'
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

export interface BrowserBundle {
  code: string
  /** Node built-in modules the entry's import graph asked for, with the file that asked. */
  builtins: string[]
  /** Node-only globals the bundled code reads (Buffer, process, …). */
  globals: string[]
  minifiedBytes: number
  gzippedBytes: number
}

/**
 * Bundles an entry for the browser platform as a user's bundler would (esbuild, `platform: 'browser'`,
 * minified), recording every Node built-in it imports and every Node-only global it reads.
 */
export async function bundleForBrowser(entry: string, format: 'esm' | 'iife' = 'esm', { external = [] }: { external?: string[] } = {}): Promise<BrowserBundle> {
  const builtins: string[] = []
  const recordBuiltins: Plugin = {
    name: 'record-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path)) return undefined
        builtins.push(`${args.path} <- ${args.importer.replace(`${packageRoot()}/`, '')}`)
        return { path: args.path, external: true }
      })
    },
  }
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: packageRoot(),
    bundle: true,
    platform: 'browser',
    format,
    globalName: format === 'iife' ? 'promokit' : undefined,
    minify: true,
    // packages the user's app brings itself (a peer dependency such as msw), left out of the check and the size
    external,
    write: false,
    logLevel: 'silent',
    // A free (unshadowed) Node global becomes a marked name: found in the output, it was read somewhere.
    define: Object.fromEntries(NODE_GLOBALS.map((name) => [name, `${MARK}${name}`])),
    plugins: [recordBuiltins],
  })
  const code = result.outputFiles[0].text
  // `typeof global !== 'undefined'` is how portable libraries ask; only a plain read would fail.
  const globals = NODE_GLOBALS.filter((name) => new RegExp(`(?<!typeof )${MARK}${name}\\b`).test(code))
  return { code, builtins, globals, minifiedBytes: Buffer.byteLength(code), gzippedBytes: gzipSync(code).length }
}
