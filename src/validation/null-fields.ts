import { typesOf } from './coerce.js'

type Schema = Record<string, unknown>
/** Returns the value without its null fields; the same value when it has none (never mutates). */
export type NullStripper = (value: unknown) => unknown

interface Plan {
  /** Declared properties (of the schema and of its oneOf/anyOf/allOf branches) and what to do inside them. */
  properties: Map<string, { strip: NullStripper; keepNull: boolean }>
  items?: NullStripper
}

/**
 * The real service's generated SDKs send `null` for every optional field they were not given, and its
 * schemas mark those fields nullable; the spec states that a JSON body's `null` field is read as absent.
 * This drops a declared property whose value is null before the body is validated, so handlers see it
 * absent, unless the property is required and admits null (then null is the value). Only declared
 * properties: the keys of a free-form map such as `metadata` are the client's data, nulls included. A
 * required field sent as null is still refused (as missing). Built once per body schema; recursive
 * schemas are followed lazily.
 */
export function nullFieldStripper(schema: Schema): NullStripper {
  const built = new Map<Schema, NullStripper>()
  const build = (node: Schema): NullStripper => {
    const done = built.get(node)
    if (done) return done
    const plan: Plan = { properties: new Map() }
    const strip: NullStripper = (value) => apply(plan, value)
    built.set(node, strip)
    collect(node, plan, build)
    return strip
  }
  return build(schema)
}

function collect(node: Schema, plan: Plan, build: (node: Schema) => NullStripper): void {
  const required = new Set<string>()
  const declared = new Map<string, Schema>()
  const visit = (at: Schema, seen: Set<Schema>): void => {
    if (seen.has(at)) return
    seen.add(at)
    for (const [name, sub] of Object.entries((at.properties ?? {}) as Record<string, Schema>)) if (isObject(sub) && !declared.has(name)) declared.set(name, sub)
    for (const name of (at.required ?? []) as string[]) required.add(name)
    if (isObject(at.items) && plan.items === undefined) plan.items = build(at.items as Schema)
    for (const key of ['oneOf', 'anyOf', 'allOf']) for (const branch of (at[key] as Schema[] | undefined) ?? []) if (isObject(branch)) visit(branch, seen)
  }
  visit(node, new Set())
  for (const [name, sub] of declared) plan.properties.set(name, { strip: build(sub), keepNull: required.has(name) && typesOf(sub).has('null') })
}

function apply(plan: Plan, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!plan.items) return value
    let out: unknown[] | undefined
    value.forEach((item, i) => {
      const next = plan.items!(item)
      if (next !== item) (out ??= [...value])[i] = next
    })
    return out ?? value
  }
  if (!isObject(value) || plan.properties.size === 0) return value
  let out: Record<string, unknown> | undefined
  for (const [name, field] of plan.properties) {
    if (!Object.hasOwn(value, name)) continue
    const current = value[name]
    if (current === null) {
      if (field.keepNull) continue
      out ??= { ...value }
      delete out[name]
      continue
    }
    const next = field.strip(current)
    if (next !== current) (out ??= { ...value })[name] = next
  }
  return out ?? value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
