import fc from 'fast-check'
import { CONTROL_OPENAPI_JSON } from '../../mock/control/control-openapi-data.js'
import type { RawRequest } from './harness.js'

/** JSON Schema as the control description writes it (dereferenced). */
interface Schema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  maxLength?: number
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
}

interface Parameter {
  name: string
  in: 'path' | 'query'
  schema?: Schema
}

/** One operation of mock/control/control-openapi.yaml, as the fuzzer needs it. */
export interface ControlOperation {
  operationId: string
  method: string
  path: string
  parameters: Parameter[]
  body?: { schema: Schema; required: boolean }
}

interface RawOperation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
}

/** Every operation the control description documents (the console's HTML page left out: it takes no input). */
export function controlOperations(): ControlOperation[] {
  const doc = JSON.parse(CONTROL_OPENAPI_JSON) as { paths: Record<string, Record<string, RawOperation | Parameter[]>> }
  const out: ControlOperation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []) as Parameter[]
    for (const method of ['get', 'post', 'put', 'delete']) {
      const op = item[method] as RawOperation | undefined
      if (!op || op.operationId === 'getConsole') continue
      const json = op.requestBody?.content['application/json']
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...(op.parameters ?? [])],
        body: json ? { schema: json.schema, required: op.requestBody?.required ?? false } : undefined,
      })
    }
  }
  return out
}

const LARGE = 1e6

/** Values the schema accepts (bounded strings and arrays; numbers over the whole documented range). */
export function validValue(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 })
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -LARGE
      const max = schema.maximum ?? LARGE
      const value = fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined })
      return type === 'integer' ? fc.oneof(fc.constantFrom(Math.ceil(min), Math.floor(max)), value.map((v) => Math.min(Math.floor(max), Math.max(Math.ceil(min), Math.round(v))))) : value
    }
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 24, 24) })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(validValue(schema.items), { maxLength: 3 })
    case 'object': {
      const properties = schema.properties ?? {}
      const shape = Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, validValue(child)]))
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Values just or far outside a number's range, of the wrong type, or that once broke the mock (9e15 ms, 1e-300 codes/s, status 100). */
const badNumber = (schema: Schema): fc.Arbitrary<unknown> =>
  fc.constantFrom(
    ...[schema.minimum !== undefined ? schema.minimum - 1 : undefined, schema.maximum !== undefined ? schema.maximum + 1 : undefined, schema.exclusiveMinimum].filter((v) => v !== undefined),
    9e15, -9e15, 1e308, -1, 1e-300, 100, 0.5, '12', null, true, [], {},
  )

const badValue = (schema: Schema): fc.Arbitrary<unknown> =>
  schema.type === 'number' || schema.type === 'integer' ? badNumber(schema) : fc.constantFrom(12, null, true, [], {}, 'x'.repeat((schema.maxLength ?? 100) + 1))

/** A query value (always text) its parameter's schema refuses. */
function badQuery(schema: Schema): fc.Arbitrary<string> {
  if (schema.type === 'integer') return fc.constantFrom('-1', 'abc', '1.5', '1e400', String((schema.maximum ?? 1e15) + 1), String((schema.minimum ?? -1e15) - 1))
  if (schema.type === 'boolean') return fc.constantFrom('maybe', '2', 'yes')
  return fc.constant('x'.repeat((schema.maxLength ?? 10_000) + 1))
}

/** A query string from name/value pairs, values percent-encoded (or sent raw when `raw`). */
const queryOf = (pairs: Array<[string, string]>): string => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')

function target(op: ControlOperation, params: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'sbx_none')
  return query ? `${path}?${query}` : path
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

/** A request the description accepts: documented parameters and a body of the documented shape. */
export function validRequest(op: ControlOperation, sandboxIds: () => string[]): fc.Arbitrary<RawRequest> {
  const query = op.parameters.filter((p) => p.in === 'query')
  const queryArb = fc.tuple(...query.map((p) => fc.option(validValue(p.schema).map((v) => [p.name, v] as [string, unknown]), { nil: undefined })))
  const sandbox = fc.oneof(fc.constant(undefined), fc.string({ minLength: 1, maxLength: 12 }).map((s) => encodeURIComponent(s)))
  const body = op.body ? validValue(op.body.schema) : fc.constant(undefined)
  return fc.tuple(queryArb, sandbox, body).map(([pairs, id, value]) => ({
    method: op.method,
    target: target(op, { sandboxId: id ?? sandboxIds()[0] ?? 'sbx_none' }, queryOf(pairs.filter((p) => p !== undefined).map(([k, v]) => [k, String(v)]))),
    headers: JSON_HEADERS,
    body: value === undefined ? undefined : Buffer.from(JSON.stringify(value)),
  }))
}

/** A request the description refuses: one field out of range or of the wrong type, an unknown field, a broken body, query or path. */
export function invalidRequest(op: ControlOperation): fc.Arbitrary<RawRequest> | undefined {
  const options: fc.Arbitrary<RawRequest>[] = []
  const base = { method: op.method, headers: JSON_HEADERS }
  const properties = op.body?.schema.properties ?? {}
  for (const [name, schema] of Object.entries(properties)) {
    // a property of any value (a fault's `value`) has no wrong one
    if (schema.type === undefined && schema.enum === undefined) continue
    options.push(
      fc.tuple(validValue(op.body?.schema), badValue(schema)).map(([valid, bad]) => ({
        ...base,
        target: target(op, {}, ''),
        body: Buffer.from(JSON.stringify({ ...(valid as object), [name]: bad })),
      })),
    )
  }
  if (op.body) {
    options.push(fc.constantFrom('{"ms":', '[1,2]', '"text"', '12').map((text) => ({ ...base, target: target(op, {}, ''), body: Buffer.from(text) })))
  }
  for (const p of op.parameters.filter((p) => p.in === 'query' && p.schema)) {
    options.push(badQuery(p.schema as Schema).map((bad) => ({ ...base, target: target(op, {}, queryOf([[p.name, bad]])) })))
  }
  if (op.parameters.some((p) => p.in === 'path')) {
    options.push(fc.constantFrom('%ZZ', '%E0%A4%A', 'x'.repeat(300)).map((id) => ({ ...base, target: target(op, { sandboxId: id }, '') })))
  }
  return options.length > 0 ? fc.oneof(...options) : undefined
}

/**
 * Requests of no fixed verdict: repeated and unknown query keys (qs makes a repeated one an array), a body
 * naming `__proto__`, a form or text body, no body. They may be accepted or refused, never with a 5xx.
 */
export function junkRequest(op: ControlOperation, sandboxIds: () => string[]): fc.Arbitrary<RawRequest> {
  const id = sandboxIds()[0] ?? 'sbx_none'
  return fc.oneof(
    fc.constant({ method: op.method, target: target(op, { sandboxId: id }, 'a=1&a=2&limit=1&limit=2&counts=true&counts=false&replace=true&replace=1') }),
    fc.constant({ method: op.method, target: target(op, { sandboxId: id }, ''), headers: JSON_HEADERS, body: Buffer.from('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}') }),
    fc.constant({ method: op.method, target: target(op, { sandboxId: id }, ''), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: Buffer.from('ms=1000&rate=1') }),
    fc.constant({ method: op.method, target: target(op, { sandboxId: id }, '') }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ method: op.method, target: target(op, { sandboxId: id }, ''), headers: JSON_HEADERS, body: Buffer.from(JSON.stringify(value) ?? 'null') })),
  )
}
