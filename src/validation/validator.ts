import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument } from '../spec/load-spec.js'
import { listOperations, type OperationInfo } from '../spec/operations.js'
import { collectFormats, createAjv } from './ajv.js'
import { buildRequestPlan, runRequestPlan, type RequestInput, type RequestPlan, type RequestResult } from './request-plan.js'
import { buildResponsePlan, runResponsePlan, type ResponseHeaders, type ResponsePlan, type ResponseResult } from './response-plan.js'
import { RouteTable, type RouteMatch } from './routes.js'
import { SchemaView, sharedObjects, type Direction } from './schema-views.js'
import { toViolations, type Violation } from './violations.js'

export interface ContractValidator {
  readonly doc: OpenApiDocument
  readonly operations: readonly OperationInfo[]
  operation(operationId: string): OperationInfo | undefined
  /** `{operation, params}`, `{methodNotAllowed: [...allowed]}` for a known path, or undefined. */
  matchRoute(method: string, path: string): RouteMatch | undefined
  validateRequest(operationId: string, input: RequestInput): RequestResult
  validateResponse(operationId: string, status: number, body: unknown, headers?: ResponseHeaders): ResponseResult
  /** Checks a value against `components.schemas[name]` (response view unless told otherwise). */
  validateSchema(name: string, value: unknown, direction?: Direction): ResponseResult
  /** Checks a value against any schema object of this document (e.g. a property's), compiled on first use. */
  validateValue(schema: object, value: unknown, direction?: Direction): ResponseResult
}

const cache = new WeakMap<OpenApiDocument, ContractValidator>()

/**
 * Compiles every request and response schema of the spec once (one Ajv instance) and checks
 * traffic against them, returning violations as data. Throws only when the spec itself is broken.
 * Validators are stateless, so one is shared per document.
 * @example
 * const contracts = createContractValidator(await loadSpec())
 * const { violations } = contracts.validateResponse('getCampaign', 200, body, headers)
 */
export function createContractValidator(doc: OpenApiDocument): ContractValidator {
  let validator = cache.get(doc)
  if (!validator) {
    validator = build(doc)
    cache.set(doc, validator)
  }
  return validator
}

function build(doc: OpenApiDocument): ContractValidator {
  const operations = listOperations(doc)
  const byId = new Map<string, OperationInfo>()
  for (const op of operations) {
    if (byId.has(op.operationId)) throw new Error(`spec: operationId ${op.operationId} is used twice`)
    byId.set(op.operationId, op)
  }
  const ajv = createAjv(collectFormats(doc))
  const shared = sharedObjects(doc)
  const views = { request: new SchemaView(doc, 'request', shared), response: new SchemaView(doc, 'response', shared) }
  const components = (doc.components?.schemas ?? {}) as Record<string, unknown>
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
  const requestPlans = new Map<string, RequestPlan>()
  const responsePlans = new Map<string, ResponsePlan>()
  for (const op of operations) {
    requestPlans.set(op.operationId, buildRequestPlan(op, ajv, views.request))
    responsePlans.set(op.operationId, buildResponsePlan(op, ajv, views.response))
  }
  const routes = new RouteTable(operations)
  const adHoc = { request: new WeakMap<object, ValidateFunction>(), response: new WeakMap<object, ValidateFunction>() }

  return {
    doc,
    operations,
    operation: (operationId) => byId.get(operationId),
    matchRoute: (method, path) => routes.match(method, path),
    validateRequest(operationId, input) {
      const plan = requestPlans.get(operationId)
      if (!plan) return { valid: false, violations: [unknownOperation(operationId)], values: { params: {}, query: {}, headers: {}, body: input.body } }
      return runRequestPlan(plan, input)
    },
    validateResponse(operationId, status, body, headers) {
      const plan = responsePlans.get(operationId)
      if (!plan) return { valid: false, violations: [unknownOperation(operationId)] }
      return runResponsePlan(plan, status, body, headers)
    },
    validateSchema(name, value, direction = 'response') {
      if (!(name in components)) {
        return { valid: false, violations: [{ pointer: '', keyword: 'schema', message: `no schema named ${name} in components.schemas`, schemaPath: '#/components/schemas' }] }
      }
      return check(views[direction].refTo(name), value)
    },
    validateValue(schema, value, direction = 'response') {
      let validate = adHoc[direction].get(schema)
      if (!validate) {
        validate = ajv.compile(views[direction].convert(schema) as object)
        adHoc[direction].set(schema, validate)
      }
      return run(validate, value)
    },
  }

  function check(id: string, value: unknown): ResponseResult {
    const validate = ajv.getSchema(id)
    if (!validate) throw new Error(`promokit: schema ${id} was not registered`)
    return run(validate, value)
  }

  function run(validate: ValidateFunction, value: unknown): ResponseResult {
    if (validate(value)) return { valid: true, violations: [] }
    return { valid: false, violations: toViolations(validate.errors ?? [], ajv, '') }
  }
}

function unknownOperation(operationId: string): Violation {
  return { pointer: '', keyword: 'operationId', message: `no operation ${operationId} in the spec`, schemaPath: '#/paths' }
}
