import { isUnsafeKey } from '../safe-keys.js'
import type { ParameterInfo } from '../spec/operations.js'

type Schema = Record<string, unknown>
export type Coercer = (raw: unknown) => unknown

const INTEGER = /^[-+]?\d+$/
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
const DELIMITERS: Record<string, string> = { form: ',', simple: ',', spaceDelimited: ' ', pipeDelimited: '|' }

/**
 * Builds, once per parameter, the function that turns the strings of a URL or header into the types its
 * schema declares. What cannot be converted is left as it is, so Ajv reports it with the client's value.
 */
export function parameterCoercer(param: ParameterInfo): Coercer {
  const schema = param.schema as Schema
  if (param.style === 'deepObject') return objectCoercer(schema)
  if (typesOf(schema).has('array')) return arrayCoercer(schema, param.explode ? undefined : DELIMITERS[param.style])
  if (typesOf(schema).has('object')) return objectCoercer(schema)
  return scalarCoercer(schema)
}

export function schemaCoercer(schema: Schema): Coercer {
  const types = typesOf(schema)
  if (types.has('array')) return arrayCoercer(schema, undefined)
  if (types.has('object')) return objectCoercer(schema)
  return scalarCoercer(schema)
}

function scalarCoercer(schema: Schema): Coercer {
  const types = typesOf(schema)
  if (types.size === 0 || types.has('string')) return identity
  const integer = types.has('integer')
  const number = types.has('number')
  const boolean = types.has('boolean')
  const nullable = types.has('null')
  return (raw) => {
    if (typeof raw !== 'string') return raw
    if (integer && INTEGER.test(raw)) return Number(raw)
    if (number && NUMBER.test(raw)) return Number(raw)
    if (boolean && (raw === 'true' || raw === 'false')) return raw === 'true'
    if (nullable && (raw === '' || raw === 'null')) return null
    return raw
  }
}

function arrayCoercer(schema: Schema, delimiter: string | undefined): Coercer {
  const item = schemaCoercer((schema.items ?? arrayItems(schema) ?? {}) as Schema)
  // "A string or a list of them" (`type: [string, array]`): a single value stays the string the schema allows.
  const stringAllowed = typesOf(schema).has('string')
  return (raw) => {
    if (typeof raw === 'string' && stringAllowed) return raw
    if (typeof raw === 'string') return (delimiter === undefined ? [raw] : raw === '' ? [] : raw.split(delimiter)).map(item)
    if (Array.isArray(raw)) return raw.map(item)
    // qs turns `a[0]=x&a[1]=y` into an array already, but `a[5]=x` into {5: 'x'}.
    if (isPlainObject(raw) && Object.keys(raw).every((k) => INTEGER.test(k))) return Object.values(raw).map(item)
    return raw
  }
}

function objectCoercer(schema: Schema): Coercer {
  const properties = new Map<string, Coercer>()
  let extra = identity
  // Properties come from the schema and from the object branches of its oneOf/anyOf/allOf (`{before, after}`
  // or `{conditions}`); the first declaration of a name wins.
  const visit = (node: Schema, depth: number): void => {
    for (const [name, sub] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) {
      if (!properties.has(name)) properties.set(name, schemaCoercer(sub ?? {}))
    }
    if (extra === identity && typeof node.additionalProperties === 'object') extra = schemaCoercer(node.additionalProperties as Schema)
    if (depth >= 4) return
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const branch of (node[key] as Schema[] | undefined) ?? []) if (typesOf(branch).has('object')) visit(branch, depth + 1)
    }
  }
  visit(schema, 0)
  return (raw) => {
    if (!isPlainObject(raw)) return raw
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(raw)) if (!isUnsafeKey(key)) out[key] = (properties.get(key) ?? extra)(value)
    return out
  }
}

/** The `items` of the array branch of a oneOf/anyOf (`oneOf: [{type: string}, {type: array, items}]`). */
function arrayItems(schema: Schema): unknown {
  for (const key of ['oneOf', 'anyOf']) {
    for (const sub of (schema[key] as Schema[] | undefined) ?? []) if (sub.items) return sub.items
  }
  return undefined
}

/** The JSON types a schema admits, looking through oneOf/anyOf/allOf and enum/const values. */
export function typesOf(schema: Schema, depth = 0): Set<string> {
  const types = new Set<string>()
  if (typeof schema.type === 'string') types.add(schema.type)
  else if (Array.isArray(schema.type)) for (const t of schema.type) types.add(t as string)
  if (types.size === 0 && schema.properties) types.add('object')
  if (types.size === 0 && schema.items) types.add('array')
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : []
  if (types.size === 0) for (const v of values) types.add(v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)
  if (depth < 4) {
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const sub of (schema[key] as Schema[] | undefined) ?? []) for (const t of typesOf(sub, depth + 1)) types.add(t)
    }
  }
  return types
}

/** `filters[name][conditions][$in][]=a` style keys, as Node's plain query parser leaves them, → a nested object. */
export function collectDeepObject(query: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const head = `${name}[`
  let out: Record<string, unknown> | undefined
  for (const key of Object.keys(query)) {
    if (!key.startsWith(head)) continue
    const path = key.slice(name.length).match(/\[([^\]]*)\]/g)?.map((s) => s.slice(1, -1))
    if (!path || path.length === 0 || path.some(isUnsafeKey)) continue
    out ??= {}
    let node: Record<string, unknown> = out
    for (let i = 0; i < path.length - 1; i++) {
      const next = Object.hasOwn(node, path[i]) ? node[path[i]] : undefined
      node = (isPlainObject(next) ? next : (node[path[i]] = {})) as Record<string, unknown>
    }
    const leaf = path[path.length - 1]
    const value = query[key]
    if (leaf === '') {
      // `a[b][]=x` names the array `b` one level up; rebuild it as an array there.
      const parentPath = path.slice(0, -1)
      setPath(out, parentPath, ([] as unknown[]).concat(getPath(out, parentPath) ?? [], value))
    } else node[leaf] = value
  }
  return out
}

function getPath(root: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = root
  for (const p of path) node = isPlainObject(node) ? node[p] : undefined
  return isPlainObject(node) && Object.keys(node).length === 0 ? undefined : node
}

function setPath(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node = root
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]] as Record<string, unknown>
  node[path[path.length - 1]] = value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const identity: Coercer = (raw) => raw
