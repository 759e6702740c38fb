import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isBuiltin } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../src/paths.js'

const run = promisify(execFile)
const root = packageRoot()
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  scripts: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

// The package as `npm pack` makes it from the built tree (`npm test` builds first), installed by hand
// into a fresh project: only promokit's own dependencies are linked in, so a type or module that the
// package needs but does not declare fails here as it would for a team installing it. Offline.
let work: string
let files: string[]
let tarball: string

beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'index.d.ts'))) throw new Error('dist/ is not built: run `npm run build` (npm test does)')
  work = mkdtempSync(join(tmpdir(), 'promokit-package-'))
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root })
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[]
  files = packed.files.map((f) => f.path)
  tarball = join(work, packed.filename)
}, 60_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Bare package names a JavaScript file imports (static, dynamic, re-export, require); Node built-ins and relative paths left out. */
function importedPackages(source: string): string[] {
  const patterns = [/^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g]
  const specifiers = patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]))
  const names = specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:') && !isBuiltin(s)).map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/'))
  return [...new Set(names)]
}

describe('the published package', () => {
  it('ships the built code, spec, fixtures and LICENSE; no tests, benches, TypeScript sources or source maps', () => {
    for (const file of ['LICENSE', 'README.md', 'package.json', 'bin/promokit.js', 'dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'dist/bundle/cli.js', 'spec/openapi.yaml', 'fixtures/default/campaigns.json']) {
      expect(files).toContain(file)
    }
    expect(files.some((f) => /^dist\/validators\/.+\.request\.cjs$/.test(f)), 'precompiled validators').toBe(true)
    const unwanted = files.filter((f) => /\.test\.|(^|\/)bench\/.*\.(js|cjs|ts)$|(^|\/)testing\/|\.map$|\.tsbuildinfo$/.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts')))
    expect(unwanted).toEqual([])
  })

  it('ships no code that imports test tooling: every package a shipped file imports is a dependency or a peer', () => {
    const allowed = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})])
    const shipped = files.filter((f) => /\.(c|m)?js$/.test(f) && !f.startsWith('bin/'))
    const offending = shipped.flatMap((file) => importedPackages(readFileSync(join(root, file), 'utf8')).filter((name) => !allowed.has(name)).map((name) => `${file} imports ${name}`))
    expect(shipped.length).toBeGreaterThan(100)
    expect(offending).toEqual([])
  })

  it('the import scan sees static, dynamic and require imports of a package and leaves node: and relative ones alone', () => {
    const source = "import { it } from 'vitest'\nconst text = `<code>import { x } from 'promokit/msw'</code>`\nconst fc = await import(\"fast-check\")\nexport * from '@scope/pkg/sub'\nrequire('supertest')\nimport 'node:fs'\nimport x from './x.js'\nimport { join } from 'path'"
    expect(importedPackages(source).sort()).toEqual(['@scope/pkg', 'fast-check', 'supertest', 'vitest'])
  })

  it('holds every file its README links to, the seeded codes among them, and has no install script', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((target) => !/^[a-z]+:/.test(target))
    expect(links.length).toBeGreaterThan(10)
    expect(links.filter((target) => !files.includes(target) && !files.some((f) => f.startsWith(`${target.replace(/\/$/, '')}/`)))).toEqual([])
    expect(links).toContain('fixtures/README.md')
    expect(readFileSync(join(root, 'fixtures', 'README.md'), 'utf8')).toContain('GIFT-0001')
    // npm 11 warns about every install-time script an installed package brings ("not yet covered by allowScripts")
    expect(Object.keys(manifest.scripts).filter((name) => ['prepare', 'preinstall', 'install', 'postinstall'].includes(name))).toEqual([])
  })

  it('declares Prism, and swagger-ui-dist (the console explorer, with a telemetry install script), as optional peer dependencies', () => {
    for (const name of ['@stoplight/prism-cli', 'swagger-ui-dist']) {
      expect(manifest.dependencies[name]).toBeUndefined()
      expect(manifest.peerDependencies?.[name]).toBeDefined()
      expect(manifest.peerDependenciesMeta?.[name]?.optional).toBe(true)
    }
  })

  it('typings compile in a fresh strict project (exactOptionalPropertyTypes, no skipLibCheck); createMockServer and promokit/msw answer from the installed package', async () => {
    const app = join(work, 'consumer')
    const modules = join(app, 'node_modules')
    mkdirSync(modules, { recursive: true })
    await run('tar', ['-xzf', tarball, '-C', work])
    await run('mv', [join(work, 'package'), join(modules, 'promokit')])
    // What `npm install promokit` brings besides promokit: its dependencies (a consumer in TypeScript has @types/node).
    for (const name of [...Object.keys(manifest.dependencies), '@types/node', 'msw']) {
      mkdirSync(dirname(join(modules, name)), { recursive: true })
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir')
    }
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    // skipLibCheck off: promokit's declaration files and its dependencies' are checked. TypeScript's own lib files,
    // @types/node and msw are the same in every project that has them and say nothing of promokit's: they are read
    // and used, not checked themselves (that was three quarters of tsc's time; see consumer-typecheck.mjs).
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, exactOptionalPropertyTypes: true, skipLibCheck: false, skipDefaultLibCheck: true, types: ['node'], outDir: 'out' },
      files: ['main.ts'],
    }))
    writeFileSync(join(app, 'main.ts'), [
      "import { createMockServer, type MockServer } from 'promokit'",
      "import { createMockHandlers } from 'promokit/msw'",
      "import { setupServer } from 'msw/node'",
      'const mock: MockServer = await createMockServer()',
      "const res = await fetch(`${mock.url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken } })",
      'const body = (await res.json()) as { object: string }',
      'console.log(res.status, body.object)',
      // without the optional swagger-ui-dist the console's explorer asset is a 404 that says what to install
      'const explorer = await fetch(`${mock.url}/_mock/ui/assets/swagger-ui/swagger-ui.css`)',
      "console.log(explorer.status, ((await explorer.json()) as { details: string }).details.includes('npm install swagger-ui-dist'))",
      'await mock.close()',
      // the MSW entry: what a team with msw installed writes in its Node tests
      // a handler of one's own that adjusts the built-in answer, typed for its operation
      "const handlers = createMockHandlers({ baseUrl: 'http://promokit.test', clock: 'manual', handlers: { getVoucher: async (_req, ctx) => { const answer = await ctx.defaultAnswer(); return answer.status === 200 ? { ...answer, body: { ...answer.body!, active: false } } : answer } } })",
      'const server = setupServer(...handlers)',
      'server.listen()',
      "const viaMsw = await fetch('http://promokit.test/v1/campaigns?limit=1', { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })",
      'console.log(viaMsw.status, ((await viaMsw.json()) as { object: string }).object)',
      "const gift = await fetch('http://promokit.test/v1/vouchers/GIFT-0001', { headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' } })",
      'console.log(gift.status, ((await gift.json()) as { active: boolean }).active)',
      // in Node the `node` condition gives the entry with the precompiled validators
      "console.log(import.meta.resolve('promokit/msw').endsWith('/dist/mock/adapters/msw/node.js'))",
      'server.close()',
      '',
    ].join('\n'))
    // tsc -p app, except that the declaration files of the consumer's own @types/node and msw are not checked themselves
    const typecheck = [join(root, 'test', 'package', 'consumer-typecheck.mjs'), app, '@types/node', 'msw']
    const tsc = await run(process.execPath, typecheck).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }))
    expect(tsc.stdout).toBe('')
    const { stdout } = await run(process.execPath, [join(app, 'out', 'main.js')], { cwd: app })
    expect(stdout.trim()).toBe('200 list\n404 true\n200 list\n200 false\ntrue')
    // the CLI as installed: the bundled command modules (dist/bundle/), the precompiled validators, fast-check on first use
    const listed = await run(process.execPath, [join(modules, 'promokit', 'bin', 'promokit.js'), 'contract', '--list', '--generate', '20'], { cwd: app })
    expect(listed.stdout).toMatch(/^generate\.stateful-campaigns /m)
    expect(listed.stderr).toBe('')
  }, 240_000)
})
