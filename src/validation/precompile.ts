import type { ValidateFunction } from 'ajv'
import { createRequire } from 'node:module'
import { encodeGraph } from '../spec/graph-json.js'
import { parseSpec } from '../spec/load-spec.js'
import { listOperations } from '../spec/operations.js'
import { ARTIFACT_FORMAT, artifactKey, fileHashes, writeArtifact, type PrecompiledExtra, type PrecompiledManifest } from '../spec/precompiled.js'
import { loadAjvModules } from './ajv-node.js'
import { runtimeCompiler, type PlanCompiler } from './plan-compiler.js'
import { buildRequestPlan } from './request-plan.js'
import { buildResponsePlan } from './response-plan.js'
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_VALUES, type Direction } from './schema-views.js'

/**
 * Build time (bin/precompile.js, run by `npm run build`): parses the spec at `path`, compiles every schema the
 * validator would compile at run time with the same Ajv settings, and writes Ajv's standalone code of them
 * with the dereferenced document into `dir` (see src/spec/precompiled.ts for how it is found again).
 */
export async function writePrecompiled(path: string, dir: string): Promise<{ key: string; exports: number; bytes: number }> {
  const key = artifactKey(path)
  const { doc, files } = await parseSpec(path)
  const operations = listOperations(doc)
  const rt = runtimeCompiler(doc, operations, loadAjvModules, true)
  const { ajv, views } = rt

  // The plans, built exactly as at run time, name every schema they compile.
  const roots: [string, Direction, object][] = []
  const recorder: PlanCompiler = {
    ...rt,
    compile(planKey, direction, make) {
      roots.push([planKey, direction, make(views[direction])])
      return (() => true) as unknown as ValidateFunction
    },
  }
  for (const op of operations) {
    buildRequestPlan(op, recorder)
    buildResponsePlan(op, recorder)
  }

  // Request and response views share no schema (their ids differ), so each direction is a module of its own.
  const refs: Record<Direction, Record<string, string>> = { request: {}, response: {} }
  const plans: Record<string, string> = {}
  roots.forEach(([planKey, direction, schema], i) => {
    ajv.addSchema({ ...schema, $id: `promokit:plan/${i}` })
    plans[planKey] = `p${i}`
    refs[direction][`p${i}`] = `promokit:plan/${i}`
  })
  const components: PrecompiledManifest['components'] = { request: {}, response: {} }
  const schemas: PrecompiledExtra['schemas'] = {}
  const branches: PrecompiledExtra['branches'] = {}
  let n = 0
  for (const direction of ['request', 'response'] as Direction[]) {
    const defs = views[direction].defs() as { $id: string }[]
    for (const def of defs) schemas[def.$id] = def
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      components[direction][name] = `c${n}`
      refs[direction][`c${n++}`] = views[direction].refTo(name)
    }
    // Violations re-run a failed oneOf/anyOf's branches and count a `contains`' matches: precompile those too.
    for (const branch of subschemasRerun([...roots.filter(([, d]) => d === direction).map(([, , s]) => s), ...defs])) {
      const json = JSON.stringify(branch)
      if (json in branches) continue
      const id = `promokit:branch/${n}`
      try {
        ajv.addSchema({ ...branch, $id: id })
        ajv.getSchema(id)
      } catch {
        // One Ajv cannot compile on its own is compiled (and fails) at run time, as without precompiling.
        ajv.removeSchema(id)
        continue
      }
      branches[json] = [direction, `b${n}`]
      refs[direction][`b${n++}`] = id
    }
  }

  const require = createRequire(import.meta.url)
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: unknown, refs: Record<string, string>) => string }).default
  const code = { request: standaloneCode(ajv, refs.request), response: standaloneCode(ajv, refs.response) }
  const manifest: PrecompiledManifest = { format: ARTIFACT_FORMAT, key, files: fileHashes(path, files), plans, components }
  writeArtifact(dir, key, { code, doc: encodeGraph(doc), manifest, extra: { branches, schemas } })
  const exports = Object.keys(refs.request).length + Object.keys(refs.response).length
  return { key, exports, bytes: code.request.length + code.response.length }
}

/** Every oneOf/anyOf branch and `contains` schema object below the given schemas (not following `$ref`s). */
function subschemasRerun(roots: object[]): object[] {
  const found: object[] = []
  const seen = new Set<object>()
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) return
    seen.add(node)
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) Object.values(value).forEach(walk)
      else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        if (key === 'oneOf' || key === 'anyOf') for (const b of value) if (typeof b === 'object' && b !== null) found.push(b)
        value.forEach(walk)
      } else if (SCHEMA_VALUES.has(key)) {
        if (key === 'contains' && typeof value === 'object' && value !== null) found.push(value)
        walk(value)
      }
    }
  }
  roots.forEach(walk)
  return found
}
