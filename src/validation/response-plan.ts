import type { ValidateFunction } from 'ajv'
import type { OperationInfo, ResponseInfo } from '../spec/operations.js'
import type { SchemaSource } from './collapse.js'
import { schemaCoercer, type Coercer } from './coerce.js'
import { findByMediaType, isJsonMediaType, mediaTypeOf } from './media-types.js'
import type { PlanCompiler } from './plan-compiler.js'
import { toViolations, type Violation } from './violations.js'

export type ResponseHeaders = Record<string, string | string[] | number | undefined>

export interface ResponseResult {
  valid: boolean
  violations: Violation[]
}

interface StatusPlan {
  status: string
  types: Map<string, ValidateFunction>
  headers: { name: string; coerce: Coercer }[]
  validateHeaders?: ValidateFunction
}

export interface ResponsePlan {
  operationId: string
  ajv: SchemaSource
  byStatus: Map<string, StatusPlan>
}

export function buildResponsePlan(op: OperationInfo, compiler: PlanCompiler): ResponsePlan {
  const byStatus = new Map<string, StatusPlan>()
  for (const [status, info] of Object.entries(op.responses)) byStatus.set(status.toUpperCase(), statusPlan(op, status, info, compiler))
  return { operationId: op.operationId, ajv: compiler.source, byStatus }
}

function statusPlan(op: OperationInfo, status: string, info: ResponseInfo, compiler: PlanCompiler): StatusPlan {
  const at = `${op.operationId} response ${status}`
  const types = new Map<string, ValidateFunction>()
  for (const [type, schema] of Object.entries(info.schemas)) {
    types.set(type.toLowerCase(), compiler.compile(`${at} ${type}`, 'response', (view) => view.convert(schema) as object))
  }
  const names = Object.keys(info.headers).filter((name) => name !== 'content-type')
  if (names.length === 0) return { status, types, headers: [] }
  const validateHeaders = compiler.compile(`${at} headers`, 'response', (view) => ({
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, view.convert(info.headers[n].schema)])),
    required: names.filter((n) => info.headers[n].required),
  }))
  const headers = names.map((name) => ({ name, coerce: schemaCoercer(info.headers[name].schema as Record<string, unknown>) }))
  return { status, types, headers, validateHeaders }
}

export function runResponsePlan(plan: ResponsePlan, status: number, body: unknown, headers?: ResponseHeaders): ResponseResult {
  const entry = plan.byStatus.get(String(status)) ?? plan.byStatus.get(`${String(status)[0]}XX`) ?? plan.byStatus.get('DEFAULT')
  if (!entry) {
    const documented = [...plan.byStatus.values()].map((s) => s.status).join(', ')
    const message = `status ${status} is not documented for ${plan.operationId} (documented: ${documented})`
    return { valid: false, violations: [{ pointer: '', keyword: 'status', message, value: status, schemaPath: '#/responses' }] }
  }
  const violations: Violation[] = []
  const lowered = headers ? lowerHeaders(headers) : undefined
  checkBody(plan, entry, body, lowered, violations)
  if (entry.validateHeaders && lowered) checkHeaders(plan, entry, lowered, violations)
  return { valid: violations.length === 0, violations }
}

function checkBody({ ajv }: ResponsePlan, entry: StatusPlan, body: unknown, headers: Record<string, unknown> | undefined, violations: Violation[]) {
  const header = headers?.['content-type']
  const declared = mediaTypeOf(typeof header === 'string' ? header : undefined)
  // With headers at hand, "no Content-Type" means no body (supertest reports {} for an empty response).
  const hasBody = declared !== undefined || (!headers && body !== undefined && body !== null && body !== '')
  if (entry.types.size === 0) {
    if (hasBody) violations.push({ pointer: '/body', keyword: 'contentType', message: `status ${entry.status} documents no body, got ${declared ?? 'one'}`, value: declared, schemaPath: `#/responses/${entry.status}` })
    return
  }
  if (!hasBody) {
    violations.push({ pointer: '/body', keyword: 'required', message: `status ${entry.status} documents a body (${[...entry.types.keys()].join(', ')}), none was sent`, schemaPath: `#/responses/${entry.status}/content`, in: 'body' })
    return
  }
  const type = declared ?? (entry.types.has('application/json') ? 'application/json' : [...entry.types.keys()][0])
  const validate = findByMediaType(entry.types, type)
  if (!validate) {
    const message = `content type ${type} is not documented for status ${entry.status} (documented: ${[...entry.types.keys()].join(', ')})`
    violations.push({ pointer: '/body', keyword: 'contentType', message, value: type, schemaPath: `#/responses/${entry.status}/content`, in: 'body' })
    return
  }
  const value = normaliseBody(body, type)
  if (!validate(value)) violations.push(...toViolations(validate.errors ?? [], ajv, '/body', 'body'))
}

function normaliseBody(body: unknown, type: string): unknown {
  // Bytes (a Node Buffer is a Uint8Array too) are UTF-8 text.
  const text = body instanceof Uint8Array ? new TextDecoder().decode(body) : body
  // Only raw JSON text is parsed; an already-parsed JSON string value stays a string.
  if (typeof text !== 'string' || !isJsonMediaType(type) || !/^\s*[[{]/.test(text)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function checkHeaders({ ajv }: ResponsePlan, entry: StatusPlan, headers: Record<string, unknown>, violations: Violation[]) {
  const values: Record<string, unknown> = {}
  for (const { name, coerce } of entry.headers) if (headers[name] !== undefined) values[name] = coerce(headers[name])
  if (!entry.validateHeaders!(values)) violations.push(...toViolations(entry.validateHeaders!.errors ?? [], ajv, '/header', 'header'))
}

function lowerHeaders(headers: ResponseHeaders): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = typeof value === 'number' ? String(value) : value
  return out
}
