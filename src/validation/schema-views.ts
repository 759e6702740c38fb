import type { OpenApiDocument } from '../spec/load-spec.js'

export type Direction = 'request' | 'response'
type Node = Record<string, unknown>

export const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
export const SCHEMA_LISTS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
export const SCHEMA_VALUES: ReadonlySet<string> = new Set(['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else',
  'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'])

/**
 * Turns the dereferenced spec's schemas into what Ajv compiles for one direction, without touching the doc:
 * - request view: readOnly properties are neither required nor checked (clients may echo them back);
 *   response view: writeOnly properties are not required (OpenAPI 3.1 §4.8.24, readOnly/writeOnly);
 * - `x-*` extensions go, `discriminator.mapping` goes (Ajv rejects it; the branches carry the tag anyway),
 *   and a discriminator Ajv cannot use (branches without a const/enum tag) is dropped, leaving a plain oneOf;
 * - a components.schemas object, or any schema the document references from two places (e.g. a schema of
 *   spec/checkout.yaml), becomes `{$ref: "promokit:<direction>/<Name>"}` wherever it is used, and `defs()`
 *   gives each as a schema of its own: Ajv compiles a whole schema once and reuses it from every root (a
 *   `$ref` into a fragment of another schema would be compiled again for each root), and recursion works.
 *   Convert everything before calling `defs()`.
 */
export class SchemaView {
  readonly id: string
  readonly #direction: Direction
  readonly #componentNames = new Map<object, string>()
  readonly #memo = new Map<object, Node>()
  readonly #inProgress = new Set<object>()
  readonly #components: Record<string, unknown>
  readonly #shared: ReadonlySet<object>
  readonly #sharedDefs = new Map<string, object>()

  constructor(doc: OpenApiDocument, direction: Direction, shared: ReadonlySet<object> = new Set()) {
    this.#direction = direction
    this.#shared = shared
    this.id = `promokit:${direction}`
    this.#components = (doc.components?.schemas ?? {}) as Record<string, unknown>
    for (const [name, schema] of Object.entries(this.#components)) {
      if (isObject(schema) && !this.#componentNames.has(schema)) this.#componentNames.set(schema, name)
    }
  }

  /** The view of one schema (a fresh tree that may share subtrees with earlier results). */
  convert(schema: unknown): unknown {
    return this.#node(schema, '#')
  }

  /** The schemas to register with Ajv before compiling anything converted by this view. */
  defs(): object[] {
    const $defs: Record<string, unknown> = {}
    for (const [name, schema] of Object.entries(this.#components)) {
      $defs[name] = isObject(schema) ? this.#inline(schema, `#/components/schemas/${name}`) : schema
    }
    // Converting a shared schema may meet further shared ones: repeat until none is new.
    for (let added = true; added; ) {
      added = false
      for (const [name, schema] of this.#sharedDefs) {
        if (name in $defs) continue
        $defs[name] = this.#inline(schema, name)
        added = true
      }
    }
    return Object.entries($defs).map(([name, schema]) => ({ $id: this.refTo(name), ...(schema as object) }))
  }

  refTo(name: string): string {
    return `${this.id}/${encodeURIComponent(name)}`
  }

  #node(schema: unknown, where: string): unknown {
    if (!isObject(schema) || Array.isArray(schema)) return schema
    let name = this.#componentNames.get(schema)
    if (name === undefined && this.#shared.has(schema)) {
      name = `shared-${this.#componentNames.size}`
      this.#componentNames.set(schema, name)
      this.#sharedDefs.set(name, schema)
    }
    return name === undefined ? this.#inline(schema, where) : { $ref: this.refTo(name) }
  }

  #inline(schema: object, where: string): unknown {
    const done = this.#memo.get(schema)
    if (done) return done
    if (this.#inProgress.has(schema)) {
      throw new Error(`spec: recursive schema at ${where} is not a component; move it to components.schemas`)
    }
    this.#inProgress.add(schema)
    try {
      const out = this.#copy(schema as Node, where)
      this.#memo.set(schema, out)
      return out
    } finally {
      this.#inProgress.delete(schema)
    }
  }

  #copy(schema: Node, where: string): Node {
    const out: Node = {}
    for (const [key, value] of Object.entries(schema)) {
      if (key.startsWith('x-')) continue
      if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = this.#map(key, value as Node, where)
      else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((s, i) => this.#node(s, `${where}/${key}/${i}`))
      else if (SCHEMA_VALUES.has(key)) out[key] = this.#node(value, `${where}/${key}`)
      else out[key] = value
    }
    if (Array.isArray(schema.required) && isObject(schema.properties)) {
      const hidden = this.#hiddenProperties(schema.properties as Node)
      if (hidden.length > 0) out.required = schema.required.filter((name) => !hidden.includes(name as string))
    }
    if (isObject(schema.discriminator)) {
      const { mapping: _mapping, ...discriminator } = schema.discriminator as Node
      if (discriminatorUsable(schema, discriminator.propertyName, this.#direction)) out.discriminator = discriminator
      else delete out.discriminator
    }
    return out
  }

  #map(key: string, value: Node, where: string): Node {
    const out: Node = {}
    for (const [name, sub] of Object.entries(value)) {
      const readOnlyInRequest = key === 'properties' && this.#direction === 'request' && isObject(sub) && (sub as Node).readOnly === true
      out[name] = readOnlyInRequest ? true : this.#node(sub, `${where}/${key}/${name}`)
    }
    return out
  }

  #hiddenProperties(properties: Node): string[] {
    const flag = this.#direction === 'request' ? 'readOnly' : 'writeOnly'
    return Object.keys(properties).filter((name) => isObject(properties[name]) && (properties[name] as Node)[flag] === true)
  }
}

/**
 * Ajv's discriminator needs a oneOf whose every branch declares the tag as a required const/enum string
 * property, still there in this direction's view (a readOnly tag is gone from request views).
 */
function discriminatorUsable(schema: Node, tag: unknown, direction: Direction): boolean {
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly'
  if (typeof tag !== 'string' || !Array.isArray(schema.oneOf)) return false
  const parentRequires = Array.isArray(schema.required) && schema.required.includes(tag)
  return schema.oneOf.every((branch) => {
    if (!isObject(branch)) return false
    const b = branch as Node
    const prop = isObject(b.properties) ? ((b.properties as Node)[tag] as Node | undefined) : undefined
    if (!prop || prop[hidden] === true || !(typeof prop.const === 'string' || (Array.isArray(prop.enum) && prop.enum.every((v) => typeof v === 'string')))) return false
    return parentRequires || (Array.isArray(b.required) && b.required.includes(tag))
  })
}

/** Objects the dereferenced document reaches from more than one place: what `$ref`s pointed at. */
export function sharedObjects(doc: OpenApiDocument): Set<object> {
  const seen = new Set<object>()
  const shared = new Set<object>()
  const walk = (node: unknown): void => {
    if (!isObject(node)) return
    if (seen.has(node)) {
      shared.add(node)
      return
    }
    seen.add(node)
    for (const value of Array.isArray(node) ? node : Object.values(node)) walk(value)
  }
  walk(doc)
  return shared
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
