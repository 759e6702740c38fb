import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument } from '../spec/load-spec.js'
import type { OperationInfo } from '../spec/operations.js'
import type { PrecompiledArtifact } from '../spec/precompiled.js'
import type { AjvModules } from './ajv.js'
import type { SchemaSource } from './collapse.js'
import { runtimeCompiler, type PlanCompiler, type RuntimeCompiler } from './plan-compiler.js'
import type { Direction } from './schema-views.js'

/**
 * Validators from a precompiled standalone module (bin/precompile.js). The plans find theirs by key;
 * combinator branches, which violations re-run on a failure, are found by their JSON. Anything the
 * artifact lacks (a schema passed to validateValue) compiles with Ajv, loaded only then.
 */
export function precompiledCompiler(doc: OpenApiDocument, operations: readonly OperationInfo[], artifact: PrecompiledArtifact, ajvModules: () => AjvModules): PlanCompiler {
  const { manifest, validators } = artifact
  let fallback: RuntimeCompiler | undefined
  const runtime = () => (fallback ??= runtimeCompiler(doc, operations, ajvModules))
  const exported = (direction: Direction, name: string): ValidateFunction => {
    const validate = validators(direction)[name]
    if (typeof validate !== 'function') throw new Error(`promokit: the precompiled validators lack ${name}; run npm run build again`)
    return validate
  }
  const components = (doc.components?.schemas ?? {}) as Record<string, unknown>
  const branches = new WeakMap<object, ValidateFunction>()
  const source: SchemaSource = {
    compile(schema) {
      let validate = branches.get(schema)
      if (!validate) {
        const found = artifact.extra().branches[JSON.stringify(schema)]
        validate = found ? exported(...found) : runtime().source.compile(schema)
        branches.set(schema, validate)
      }
      return validate
    },
    schemaOf: (id) => artifact.extra().schemas[id] ?? runtime().source.schemaOf(id),
  }
  return {
    source,
    compile(key, direction, make) {
      const name = manifest.plans[key]
      return name ? exported(direction, name) : runtime().compile(key, direction, make)
    },
    component(name, direction) {
      if (!(name in components)) return undefined
      const exportName = manifest.components[direction][name]
      return exportName ? exported(direction, exportName) : runtime().component(name, direction)
    },
    adHoc: (schema, direction) => runtime().adHoc(schema, direction),
  }
}
