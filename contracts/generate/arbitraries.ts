import fc, { type Arbitrary } from 'fast-check'

/**
 * fast-check arbitraries of values a JSON Schema (an OpenAPI 3.1 schema, dereferenced, maybe circular)
 * accepts. Good enough to hit every documented branch (enums, oneOf variants, optional fields, bounds); a
 * value it gets wrong (a pattern it cannot follow, a rule across fields) is caught by the spec's own request
 * validator before it is sent, and the case is discarded, never reported.
 */
type Schema = Record<string, any>

const MAX_DEPTH = 4
const MAX_ITEMS = 3

export function valueOf(schema: Schema | undefined, depth = 0): Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 1 })
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
  const examples = Array.isArray(schema.examples) ? schema.examples : schema.example !== undefined ? [schema.example] : []
  const variants = schema.oneOf ?? schema.anyOf
  if (Array.isArray(variants) && variants.length > 0) {
    const base = withoutKeys(schema, ['oneOf', 'anyOf'])
    return fc.oneof(...variants.map((v: Schema) => valueOf(merge(base, v), depth)))
  }
  if (Array.isArray(schema.allOf)) return valueOf(schema.allOf.reduce((acc: Schema, s: Schema) => merge(acc, s), withoutKeys(schema, ['allOf'])), depth)
  const generated = byType(schema, depth)
  return examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), generated) : generated
}

function byType(schema: Schema, depth: number): Arbitrary<unknown> {
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : schema.items ? ['array'] : []
  if (types.length === 0) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 100 }), fc.boolean())
  return fc.oneof(...types.map((type) => single(type, schema, depth)))
}

function single(type: string, schema: Schema, depth: number): Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1000), max: bound(schema.maximum, schema.exclusiveMaximum, -1, 100_000) })
    case 'number':
      return fc.integer({ min: bound(schema.minimum, schema.exclusiveMinimum, 1, 0), max: bound(schema.maximum, schema.exclusiveMaximum, -1, 100_000) })
    case 'string':
      return stringOf(schema)
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([])
      const minLength = schema.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS))
      const items = valueOf(schema.items, depth + 1)
      return schema.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength })
    }
    default:
      return objectOf(schema, depth)
  }
}

function objectOf(schema: Schema, depth: number): Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {}
  const required: string[] = (schema.required ?? []).filter((k: string) => k in properties)
  if (depth >= MAX_DEPTH) return fc.record(Object.fromEntries(required.map((k) => [k, valueOf(properties[k], depth + 1)])))
  const model = Object.fromEntries(Object.entries(properties).filter(([, s]) => !s?.readOnly).map(([k, s]) => [k, valueOf(s, depth + 1)]))
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) })
}

function stringOf(schema: Schema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 64))
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'date':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
    case 'email':
      return fc.emailAddress()
    case 'uri':
    case 'url':
      return fc.webUrl()
    default:
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= maxLength)
  // Printable ASCII: a deployment's refusal of a control character is not what the spec promises to accept.
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ') })
}

function bound(inclusive: number | undefined, exclusive: number | undefined, step: number, fallback: number): number {
  if (typeof exclusive === 'number') return exclusive + step
  return typeof inclusive === 'number' ? inclusive : fallback
}

function withoutKeys(schema: Schema, keys: string[]): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k)))
}

/** A shallow merge of two schemas (properties and required combined), enough for allOf and oneOf branches. */
function merge(a: Schema, b: Schema): Schema {
  return {
    ...a,
    ...b,
    ...(a.properties || b.properties ? { properties: { ...a.properties, ...b.properties } } : {}),
    ...(a.required || b.required ? { required: [...new Set([...(a.required ?? []), ...(b.required ?? [])])] } : {}),
  }
}
