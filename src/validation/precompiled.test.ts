import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { Script } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeGraph, encodeGraph } from '../spec/graph-json.js'
import { parseSpec } from '../spec/load-spec.js'
import { artifactKey, bundledArtifactDir, loadPrecompiledDocument, precompiledFor, readPrecompiled } from '../spec/precompiled.js'
import { collectExamples } from '../spec/spec-walk.js'
import { packageRoot, specPath } from '../paths.js'
import { writePrecompiled } from './precompile.js'
import { sharedObjects } from './schema-views.js'
import { createContractValidator, type ContractValidator } from './validator.js'

// The same spec twice: parsed and compiled at run time, and read from a precompiled artifact.
const runtimeDoc = (await parseSpec(specPath())).doc
const runtime = createContractValidator(runtimeDoc)
const previous = process.env.PROMOKIT_PRECOMPILED
process.env.PROMOKIT_PRECOMPILED = '1'
const precompiledDoc = await loadPrecompiledDocument(specPath())
if (previous === undefined) delete process.env.PROMOKIT_PRECOMPILED
else process.env.PROMOKIT_PRECOMPILED = previous
const precompiled = createContractValidator(precompiledDoc!)

type Check = (v: ContractValidator) => unknown

/** Wrong values for every property, one at a time, down to `depth`: they reach nested oneOf branches. */
function mutations(value: unknown, depth = 3): unknown[] {
  const out: unknown[] = [null, 42, 'text', [], {}]
  if (depth === 0 || typeof value !== 'object' || value === null) return out
  const entries = Array.isArray(value) ? value.slice(0, 2).map((v, i) => [String(i), v] as const) : Object.entries(value)
  for (const [key, child] of entries) {
    const variants = [...(typeof child === 'string' ? [123, 'BOGUS-VALUE-' + 'x'.repeat(300)] : ['wrong']), ...mutations(child, depth - 1).slice(5, 25)]
    for (const variant of variants) out.push(Array.isArray(value) ? value.map((v, i) => (String(i) === key ? variant : v)) : { ...value, [key]: variant })
    if (!Array.isArray(value)) {
      const { [key]: _dropped, ...rest } = value as Record<string, unknown>
      out.push(rest)
    }
  }
  if (!Array.isArray(value)) out.push({ ...value, unexpected_property: true })
  return out
}

function checks(): { where: string; check: Check }[] {
  const out: { where: string; check: Check }[] = []
  for (const example of collectExamples(runtimeDoc)) {
    const { check } = example
    for (const [i, value] of [example.value, ...mutations(example.value)].entries()) {
      const where = `${example.where} #${i}`
      if (check.kind === 'request-body') out.push({ where, check: (v) => v.validateRequest(check.operationId, { body: value, contentType: check.contentType }) })
      if (check.kind === 'response') {
        const status = /^\d{3}$/.test(check.status) ? Number(check.status) : 500
        out.push({ where, check: (v) => v.validateResponse(check.operationId, status, value, { 'content-type': check.contentType }) })
      }
    }
  }
  for (const name of Object.keys(runtimeDoc.components?.schemas ?? {})) {
    for (const direction of ['request', 'response'] as const) {
      for (const value of [{}, null, 'x', { id: 1, object: 2, type: 'BOGUS' }]) {
        out.push({ where: `${name} ${direction} ${JSON.stringify(value)}`, check: (v) => v.validateSchema(name, value, direction) })
      }
    }
  }
  for (const op of runtime.operations) {
    out.push({ where: `${op.operationId} query`, check: (v) => v.validateRequest(op.operationId, { query: { limit: 'many', page: '-1', filters: { x: 1 } }, headers: {}, params: {} }) })
  }
  return out
}

describe('precompiled validators', () => {
  it('are used for a document read from an artifact', () => {
    expect(precompiledDoc).toBeDefined()
    expect(precompiledFor(precompiledDoc!)).toBeDefined()
    expect(precompiledFor(runtimeDoc)).toBeUndefined()
  })

  it('come with the same document, shared objects and cycles included', () => {
    expect(isDeepStrictEqual(precompiledDoc, runtimeDoc)).toBe(true)
    expect(sharedObjects(precompiledDoc!).size).toBe(sharedObjects(runtimeDoc).size)
  })

  it('report exactly the violations run-time compiled ones report, on valid and invalid instances', () => {
    const all = checks()
    let invalid = 0
    const differences: string[] = []
    for (const { where, check } of all) {
      const expected = check(runtime) as { valid: boolean }
      if (!expected.valid) invalid++
      if (!isDeepStrictEqual(check(precompiled), expected)) differences.push(where)
    }
    expect(differences).toEqual([])
    // Enough of both kinds to mean something (oneOf/discriminator failures among them).
    expect(all.length - invalid).toBeGreaterThan(50)
    expect(invalid).toBeGreaterThan(1000)
  })
})

describe('graph JSON', () => {
  it('keeps shared objects shared and cycles circular', () => {
    const shared: Record<string, unknown> = { name: 'shared' }
    const node: Record<string, unknown> = { a: shared, b: [shared, { c: shared }] }
    node.self = node
    const back = decodeGraph<Record<string, any>>(encodeGraph(node))
    expect(back.a).toBe(back.b[0])
    expect(back.b[1].c).toBe(back.a)
    expect(back.self).toBe(back)
    expect(back.a).toEqual({ name: 'shared' })
  })
})

describe('a precompiled artifact', () => {
  // A copy of the spec with its artifact; each test edits a copy of that directory of its own. The artifact is
  // the one the precompiled document above was read from (the build's in dist/validators, or the one loadSpec
  // wrote to node_modules/.cache): writePrecompiled made it for these very spec files and this code (its key),
  // so the tests need not spend a third precompile of the spec; writePrecompiled writes one when neither is there.
  // Inside node_modules/ so the generated modules resolve ajv's runtime helpers.
  const cacheDir = join(packageRoot(), 'node_modules', '.cache')
  let built: string
  let key: string
  beforeAll(async () => {
    built = mkdtempSync(join(cacheDir, 'promokit-artifact-'))
    cpSync(join(packageRoot(), 'spec'), join(built, 'spec'), { recursive: true })
    key = artifactKey(specPath())
    const made = [bundledArtifactDir(), join(cacheDir, 'promokit', 'validators')].find((dir) => readPrecompiled(dir, specPath(), key))
    if (!made) return void ({ key } = await writePrecompiled(join(built, 'spec', 'openapi.yaml'), join(built, 'validators')))
    mkdirSync(join(built, 'validators'))
    for (const file of readdirSync(made).filter((name) => name.startsWith(`${key}.`))) cpSync(join(made, file), join(built, 'validators', file))
  })
  afterAll(() => rmSync(built, { recursive: true, force: true }))

  /** A copy of the spec and its artifact that the test may change. */
  function copyOfBuilt(): { root: string; entry: string; dir: string } {
    const root = mkdtempSync(join(cacheDir, 'promokit-artifact-copy-'))
    cpSync(built, root, { recursive: true })
    return { root, entry: join(root, 'spec', 'openapi.yaml'), dir: join(root, 'validators') }
  }

  it('is used only while the spec files are the ones it was built from', () => {
    const { root, entry, dir } = copyOfBuilt()
    try {
      expect(readPrecompiled(dir, entry)).toBeDefined()
      // A referenced file changed: same key, but its recorded hash no longer matches.
      const sibling = join(root, 'spec', 'checkout.yaml')
      writeFileSync(sibling, `${readFileSync(sibling, 'utf8')}\n# edited\n`)
      expect(readPrecompiled(dir, entry)).toBeUndefined()
      // The entry file changed: another key, no artifact.
      writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n# edited\n`)
      expect(readPrecompiled(dir, entry)).toBeUndefined()
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('carries V8\'s code cache of its validators, which the process accepts; without a usable one it only compiles', () => {
    const { root, entry, dir } = copyOfBuilt()
    try {
      const answers = (): number => Object.keys(precompiledFor(readPrecompiled(dir, entry)!)!.validators('response')).length
      const expected = answers()
      for (const direction of ['request', 'response']) {
        const module = join(dir, `${key}.${direction}.cjs`)
        const cache = join(dir, `${key}.${direction}.v8cache`)
        expect(existsSync(cache), `${direction} code cache`).toBe(true)
        const script = new Script(`(function (exports, require, module) {${readFileSync(module, 'utf8')}\n})`, { filename: module, cachedData: readFileSync(cache) })
        expect(script.cachedDataRejected, `${direction} code cache rejected`).toBe(false)
      }
      // A cache V8 cannot use (another Node version, a broken file) or none at all: the same validators, compiled.
      writeFileSync(join(dir, `${key}.response.v8cache`), 'not a code cache')
      expect(answers()).toBe(expected)
      rmSync(join(dir, `${key}.response.v8cache`))
      expect(answers()).toBe(expected)
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
