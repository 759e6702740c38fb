import fc, { type Arbitrary } from 'fast-check'
import type { OperationInfo, ParameterInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import type { RequestSpec } from '../http-client.js'
import { valueOf } from './arbitraries.js'

/** One generated request, before it becomes a RequestSpec: what fast-check generates, shrinks and prints. */
export interface GeneratedRequest {
  params: Record<string, string>
  query: Record<string, unknown>
  body?: unknown
  /** Set when the body is sent with another content type than the one documented (a negative case). */
  contentType?: string
  /** What a negative case broke, e.g. `query limit: above its maximum 100`. */
  broken?: string
}

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

/** Query parameters a generator can express on the wire (scalars and deepObject objects; arrays are left out). */
export const generatedQuery = (op: OperationInfo): ParameterInfo[] => op.parameters.filter((p) => p.in === 'query' && p.schema?.type !== 'array')

export function bodySchema(op: OperationInfo): { type: string; schema: any } | undefined {
  const body = op.requestBody
  if (!body) return undefined
  const type = body.contentTypes.find((t) => t === JSON_TYPE) ?? body.contentTypes[0]
  return type ? { type, schema: body.schemas[type] } : undefined
}

/** Valid requests for `op` by the spec: documented parameters (each optional one present or not) and a body. */
export function validRequest(op: OperationInfo, pathValues: Record<string, readonly string[]>): Arbitrary<GeneratedRequest> {
  const params = fc.record(Object.fromEntries(op.pathParamNames.map((name) => [name, fc.constantFrom(...pathValues[name])])))
  const query = generatedQuery(op)
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, valueOf(p.schema)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) })
  const body = bodySchema(op)
  const bodyArb = body ? valueOf(body.schema) : fc.constant(undefined)
  return fc.record({ params, query: queryArb, body: bodyArb }).map(({ params: p, query: q, body: b }) => (b === undefined ? { params: p, query: q } : { params: p, query: q, body: b }))
}

/**
 * Invalid requests: a valid one with exactly one thing broken — a query parameter of the wrong type or out of
 * its bounds or enum, a required body field left out, a body field of the wrong type, a body that is not an
 * object, or a body sent as text/plain. The validator confirms the result is invalid before it is sent.
 */
export function invalidRequest(op: OperationInfo, pathValues: Record<string, readonly string[]>): Arbitrary<GeneratedRequest> | undefined {
  const mutations = mutationsOf(op)
  if (mutations.length === 0) return undefined
  return fc.tuple(validRequest(op, pathValues), fc.constantFrom(...mutations)).map(([request, mutate]) => mutate(structuredClone(request)))
}

export type Mutation = (request: GeneratedRequest) => GeneratedRequest

/** Every way the spec says a request for `op` can be broken, one thing at a time. */
export const mutationsOf = (op: OperationInfo): Mutation[] => [...queryMutations(op), ...bodyMutations(op)]

function queryMutations(op: OperationInfo): Mutation[] {
  const out: Mutation[] = []
  for (const p of generatedQuery(op)) {
    for (const [value, why] of badScalars(p.schema)) out.push((r) => ({ ...r, query: { ...r.query, [p.name]: value }, broken: `query ${p.name}: ${why}` }))
  }
  return out
}

function bodyMutations(op: OperationInfo): Mutation[] {
  const body = bodySchema(op)
  if (!body) return []
  const out: Mutation[] = []
  const schema = body.schema ?? {}
  if (body.type === JSON_TYPE) {
    out.push((r) => ({ ...r, body: ['pk-not-an-object'], broken: 'body: an array instead of an object' }))
    out.push((r) => ({ ...r, contentType: 'text/plain', broken: 'body sent as text/plain' }))
  }
  for (const name of schema.required ?? []) out.push((r) => ({ ...r, body: omit(r.body, name), broken: `body /${name}: required, left out` }))
  for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
    for (const [value, why] of badScalars(prop)) out.push((r) => ({ ...r, body: { ...asObject(r.body), [name]: value }, broken: `body /${name}: ${why}` }))
  }
  return out
}

/** Values a scalar schema refuses, with why (none for a schema that accepts any string). */
function badScalars(schema: any): [unknown, string][] {
  if (!schema || typeof schema !== 'object') return []
  const out: [unknown, string][] = []
  if (Array.isArray(schema.enum) && schema.enum.every((v: unknown) => typeof v === 'string')) out.push(['pk-not-in-enum', `not one of ${schema.enum.join(', ')}`])
  const type = Array.isArray(schema.type) ? undefined : schema.type
  if (type === 'integer' || type === 'number') {
    out.push(['pk-not-a-number', `not a ${type}`])
    if (typeof schema.maximum === 'number') out.push([schema.maximum + 1, `above its maximum ${schema.maximum}`])
    if (typeof schema.minimum === 'number') out.push([schema.minimum - 1, `below its minimum ${schema.minimum}`])
  }
  if (type === 'boolean') out.push(['pk-maybe', 'not a boolean'])
  if (type === 'object' && schema.properties) out.push(['pk-not-an-object', 'a string instead of an object'])
  if (type === 'array') out.push(['pk-not-an-array', 'a string instead of an array'])
  return out
}

const asObject = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {})

function omit(body: unknown, name: string): Record<string, unknown> {
  const { [name]: _left, ...rest } = asObject(body)
  return rest
}

/** Whether the spec's own request validator accepts the request (a generated value may miss a rule). */
export function isValid(validator: ContractValidator, op: OperationInfo, request: GeneratedRequest): boolean {
  const body = bodySchema(op)
  const contentType = request.contentType ?? (request.body === undefined ? undefined : body?.type)
  return validator.validateRequest(op.operationId, { params: request.params, query: flatQuery(request.query), body: request.body, contentType, headers: {} }).valid
}

/** The request on the wire. */
export function toRequestSpec(op: OperationInfo, request: GeneratedRequest): RequestSpec {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params[name] ?? ''))
  const spec: RequestSpec = { operationId: op.operationId, method: op.method, path, query: flatQuery(request.query) }
  const type = bodySchema(op)?.type
  if (request.body === undefined) return spec
  if (request.contentType) return { ...spec, body: request.body, headers: { 'content-type': request.contentType } }
  if (type === FORM_TYPE) return { ...spec, form: Object.fromEntries(Object.entries(asObject(request.body)).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) }
  return { ...spec, body: request.body }
}

/** deepObject values as flat `filters[a][b]` keys, scalars as strings: what a query string carries. */
export function flatQuery(query: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}[${key}]` : key
    // An empty list has no form in a query string: the parameter is left out.
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flatQuery(value as Record<string, unknown>, name))
    else out[name] = Array.isArray(value) ? value.map(String).join(',') : String(value)
  }
  return out
}
