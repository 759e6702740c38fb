import type { ValidateFunction } from 'ajv'
import type { OperationInfo, ParameterInfo } from '../spec/operations.js'
import type { SchemaSource } from './collapse.js'
import { collectDeepObject, parameterCoercer, schemaCoercer, type Coercer } from './coerce.js'
import { findByMediaType, isFormMediaType, mediaTypeOf } from './media-types.js'
import { nullFieldStripper } from './null-fields.js'
import type { PlanCompiler } from './plan-compiler.js'
import { toViolations, type Violation, type ViolationLocation } from './violations.js'

export interface RequestInput {
  /** Path parameters, as matchRoute returns them (already URL-decoded). */
  params?: Record<string, string>
  /** Parsed query: qs-style nested objects or Node's flat `filters[a][b]` keys both work. */
  query?: Record<string, unknown>
  headers?: Record<string, string | string[] | undefined>
  body?: unknown
  /** The request's Content-Type header, parameters such as charset allowed. */
  contentType?: string
}

export interface RequestValues {
  params: Record<string, unknown>
  query: Record<string, unknown>
  headers: Record<string, unknown>
  /** The body as validated: form bodies come back with their declared types. */
  body: unknown
}

export interface RequestResult {
  valid: boolean
  violations: Violation[]
  values: RequestValues
}

interface ParamPlan {
  /** The parameter's name; lower case for headers, which match case-insensitively. */
  key: string
  /** `key[]`: how clients that always add brackets for arrays name it in a query. */
  arrayKey: string
  coerce: Coercer
  deep: boolean
  /** The schema's default, a fresh copy per request when it is an object (handlers may mutate values). */
  fallback?: () => unknown
}

interface LocationPlan {
  location: Exclude<ViolationLocation, 'body'>
  prefix: string
  params: ParamPlan[]
  validate?: ValidateFunction
}

interface BodyPlan {
  validate: ValidateFunction
  /** Form bodies: strings to the declared types. JSON bodies: null fields read as absent (null-fields). */
  coerce?: Coercer
}

export interface RequestPlan {
  ajv: SchemaSource
  path: LocationPlan
  query: LocationPlan
  header: LocationPlan
  body?: { required: boolean; types: Map<string, BodyPlan> }
}

export function buildRequestPlan(op: OperationInfo, compiler: PlanCompiler): RequestPlan {
  const location = (where: LocationPlan['location']) => locationPlan(op, where, op.parameters.filter((p) => p.in === where), compiler)
  const plan: RequestPlan = { ajv: compiler.source, path: location('path'), query: location('query'), header: location('header') }
  if (op.requestBody) {
    const types = new Map<string, BodyPlan>()
    for (const [type, schema] of Object.entries(op.requestBody.schemas)) {
      const coerce = isFormMediaType(type) ? schemaCoercer(schema as Record<string, unknown>) : nullFieldStripper(schema as Record<string, unknown>)
      const validate = compiler.compile(`${op.operationId} request body ${type}`, 'request', (view) => view.convert(schema) as object)
      types.set(type.toLowerCase(), { validate, coerce })
    }
    plan.body = { required: op.requestBody.required, types }
  }
  return plan
}

function locationPlan(op: OperationInfo, location: LocationPlan['location'], params: ParameterInfo[], compiler: PlanCompiler): LocationPlan {
  const prefix = `/${location}`
  if (params.length === 0) return { location, prefix, params: [] }
  const key = (p: ParameterInfo) => (location === 'header' ? p.name.toLowerCase() : p.name)
  const validate = compiler.compile(`${op.operationId} request ${location}`, 'request', (view) => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [key(p), view.convert(p.schema)])),
    required: params.filter((p) => p.required).map(key),
  }))
  const plans = params.map((p): ParamPlan => {
    const value = (p.schema as { default?: unknown }).default
    const fallback = value === undefined ? undefined : typeof value === 'object' && value !== null ? () => structuredClone(value) : () => value
    return { key: key(p), arrayKey: `${key(p)}[]`, coerce: parameterCoercer(p), deep: p.style === 'deepObject', fallback }
  })
  return { location, prefix, params: plans, validate }
}

export function runRequestPlan(plan: RequestPlan, input: RequestInput): RequestResult {
  const violations: Violation[] = []
  const params = readLocation(plan.path, input.params, plan.ajv, violations)
  const query = readLocation(plan.query, input.query, plan.ajv, violations)
  const headers = readLocation(plan.header, plan.header.params.length > 0 ? lowerKeys(input.headers) : input.headers, plan.ajv, violations)
  let body = input.body
  if (plan.body) body = checkBody(plan, input, violations)
  return { valid: violations.length === 0, violations, values: { params, query, headers, body } }
}

function readLocation(plan: LocationPlan, source: Record<string, unknown> | undefined, ajv: SchemaSource, violations: Violation[]) {
  if (plan.params.length === 0) return source ?? {}
  // Undeclared query parameters and headers pass through untouched; the declared ones get their types.
  const out: Record<string, unknown> = plan.location === 'path' ? {} : { ...source }
  for (const p of plan.params) {
    let raw = source?.[p.key]
    if (raw === undefined && p.deep && source) raw = takeDeepObject(out, source, p.key)
    if (raw === undefined && plan.location === 'query') raw = source?.[p.arrayKey]
    if (raw !== undefined) out[p.key] = p.coerce(raw)
    else if (p.fallback) out[p.key] = p.fallback()
  }
  if (plan.validate && !plan.validate(out)) violations.push(...toViolations(plan.validate.errors ?? [], ajv, plan.prefix, plan.location))
  return out
}

function takeDeepObject(out: Record<string, unknown>, source: Record<string, unknown>, name: string) {
  const nested = collectDeepObject(source, name)
  if (nested) for (const key of Object.keys(out)) if (key.startsWith(`${name}[`)) delete out[key]
  return nested
}

function checkBody({ body: plan, ajv }: RequestPlan, input: RequestInput, violations: Violation[]): unknown {
  if (!plan) return input.body
  const { body } = input
  if (body === undefined) {
    if (plan.required) violations.push({ pointer: '/body', keyword: 'required', message: 'a request body is required', schemaPath: '#/requestBody/required', in: 'body' })
    return body
  }
  const type = mediaTypeOf(input.contentType) ?? (plan.types.size === 1 ? [...plan.types.keys()][0] : 'application/json')
  const entry = findByMediaType(plan.types, type)
  if (!entry) {
    const documented = [...plan.types.keys()].join(', ')
    violations.push({ pointer: '/body', keyword: 'contentType', message: `content type ${type} is not accepted (documented: ${documented})`, value: type, schemaPath: '#/requestBody/content', in: 'body' })
    return body
  }
  const value = entry.coerce ? entry.coerce(body) : body
  if (!entry.validate(value)) violations.push(...toViolations(entry.validate.errors ?? [], ajv, '/body', 'body'))
  return value
}

function lowerKeys(headers: RequestInput['headers']): Record<string, unknown> | undefined {
  if (!headers) return headers
  for (const key in headers) if (key !== key.toLowerCase()) return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  return headers
}
