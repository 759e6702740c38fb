import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument } from '../spec/load-spec.js'
import type { OperationInfo } from '../spec/operations.js'
import { collectFormats, createAjv, type AjvModules } from './ajv.js'
import type { SchemaSource } from './collapse.js'
import { SchemaView, sharedObjects, type Direction } from './schema-views.js'

/** Where the plans' validate functions come from: Ajv at run time, or a precompiled standalone module. */
export interface PlanCompiler {
  /** Compiles (or finds) the validator of one schema of a plan; `key` names it, `make` builds it from a view. */
  compile(key: string, direction: Direction, make: (view: SchemaView) => object): ValidateFunction
  /** The validator of `components.schemas[name]`, undefined for no such schema. */
  component(name: string, direction: Direction): ValidateFunction | undefined
  /** Any schema object of the document, compiled on first use. */
  adHoc(schema: object, direction: Direction): ValidateFunction
  /** What violations recompile combinator branches from. */
  readonly source: SchemaSource
}

export interface RuntimeCompiler extends PlanCompiler {
  readonly ajv: Ajv2020
  readonly views: Record<Direction, SchemaView>
}

/**
 * One Ajv instance with every shared schema of both views registered (nothing compiled yet: plans compile
 * on `compile`). `sourceCode` keeps the generated code for standalone modules.
 */
export function runtimeCompiler(doc: OpenApiDocument, operations: readonly OperationInfo[], ajvModules: () => AjvModules, sourceCode = false): RuntimeCompiler {
  const ajv = createAjv(ajvModules(), collectFormats(doc), sourceCode)
  const shared = sharedObjects(doc)
  const views = { request: new SchemaView(doc, 'request', shared), response: new SchemaView(doc, 'response', shared) }
  // Every schema is converted before anything compiles: the shared ones found on the way must be
  // registered (the views' defs) before a schema referring to them can compile.
  for (const op of operations) {
    for (const p of op.parameters) views.request.convert(p.schema)
    for (const schema of Object.values(op.requestBody?.schemas ?? {})) views.request.convert(schema)
    for (const response of Object.values(op.responses)) {
      for (const schema of Object.values(response.schemas)) views.response.convert(schema)
      for (const header of Object.values(response.headers)) views.response.convert(header.schema)
    }
  }
  for (const schema of [...views.request.defs(), ...views.response.defs()]) ajv.addSchema(schema)
  const components = (doc.components?.schemas ?? {}) as Record<string, unknown>
  const adHoc = { request: new WeakMap<object, ValidateFunction>(), response: new WeakMap<object, ValidateFunction>() }
  return {
    ajv,
    views,
    source: ajvSource(ajv),
    compile: (_key, direction, make) => ajv.compile(make(views[direction])),
    component(name, direction) {
      if (!(name in components)) return undefined
      const validate = ajv.getSchema(views[direction].refTo(name))
      if (!validate) throw new Error(`promokit: schema ${name} was not registered`)
      return validate as ValidateFunction
    },
    adHoc(schema, direction) {
      let validate = adHoc[direction].get(schema)
      if (!validate) {
        validate = ajv.compile(views[direction].convert(schema) as object)
        adHoc[direction].set(schema, validate)
      }
      return validate
    },
  }
}

export function ajvSource(ajv: Ajv2020): SchemaSource {
  return { compile: (schema) => ajv.compile(schema), schemaOf: (id) => ajv.getSchema(id)?.schema }
}
