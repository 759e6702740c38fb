import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument } from '../spec/load-spec.js'
import { listOperations, type OperationInfo } from '../spec/operations.js'
import type { PrecompiledArtifact } from '../spec/precompiled.js'
import type { AjvModules } from './ajv.js'
import { runtimeCompiler, type PlanCompiler } from './plan-compiler.js'
import { precompiledCompiler } from './precompiled-compiler.js'
import { buildRequestPlan, runRequestPlan, type RequestInput, type RequestPlan, type RequestResult } from './request-plan.js'
import { buildResponsePlan, runResponsePlan, type ResponseHeaders, type ResponsePlan, type ResponseResult } from './response-plan.js'
import { RouteTable, type RouteMatch } from './routes.js'
import type { Direction } from './schema-views.js'
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

export interface ValidatorOptions {
  /** Where Ajv comes from when a schema must compile at run time (ajv-modules.ts imports it; Node loads it on first use). */
  ajv: () => AjvModules
  /**
   * `false`: compile each operation's schemas on its first use instead of all at creation. For a spec known
   * to compile (the bundled one, compiled whole by every build): the browser core then starts in
   * milliseconds instead of seconds, and a page pays only for the operations it calls.
   */
  checkAll?: boolean
}

/**
 * Compiles every request and response schema of the spec once (one Ajv instance) and checks
 * traffic against them, returning violations as data. Throws only when the spec itself is broken.
 * With a precompiled artifact (`npm run build`, Node only) it uses that artifact's standalone
 * validators instead: same violations, no compiling. Reads no file: this is the validator of the
 * platform-neutral core (mock/adapters/portable.ts); validator.ts finds the artifact for Node.
 */
export function buildContractValidator(doc: OpenApiDocument, artifact: PrecompiledArtifact | undefined, options: ValidatorOptions): ContractValidator {
  const operations = listOperations(doc)
  const byId = new Map<string, OperationInfo>()
  for (const op of operations) {
    if (byId.has(op.operationId)) throw new Error(`spec: operationId ${op.operationId} is used twice`)
    byId.set(op.operationId, op)
  }
  const compiler: PlanCompiler = artifact ? precompiledCompiler(doc, operations, artifact, options.ajv) : runtimeCompiler(doc, operations, options.ajv)
  const requestPlans = new Map<string, RequestPlan>()
  const responsePlans = new Map<string, ResponsePlan>()
  const requestPlan = (operationId: string) => planOf(operationId, requestPlans, buildRequestPlan)
  const responsePlan = (operationId: string) => planOf(operationId, responsePlans, buildResponsePlan)
  // Compiling at run time, every schema compiles now, so a broken spec fails here (unless told the spec is
  // known to compile). Precompiled plans are only looked up: an operation's are made on its first use.
  if (!artifact && options.checkAll !== false) {
    for (const op of operations) {
      requestPlan(op.operationId)
      responsePlan(op.operationId)
    }
  }
  const routes = new RouteTable(operations)

  return {
    doc,
    operations,
    operation: (operationId) => byId.get(operationId),
    matchRoute: (method, path) => routes.match(method, path),
    validateRequest(operationId, input) {
      const plan = requestPlan(operationId)
      if (!plan) return { valid: false, violations: [unknownOperation(operationId)], values: { params: {}, query: {}, headers: {}, body: input.body } }
      return runRequestPlan(plan, input)
    },
    validateResponse(operationId, status, body, headers) {
      const plan = responsePlan(operationId)
      if (!plan) return { valid: false, violations: [unknownOperation(operationId)] }
      return runResponsePlan(plan, status, body, headers)
    },
    validateSchema(name, value, direction = 'response') {
      const validate = compiler.component(name, direction)
      if (!validate) {
        return { valid: false, violations: [{ pointer: '', keyword: 'schema', message: `no schema named ${name} in components.schemas`, schemaPath: '#/components/schemas' }] }
      }
      return run(validate, value)
    },
    validateValue(schema, value, direction = 'response') {
      return run(compiler.adHoc(schema, direction), value)
    },
  }

  function planOf<P>(operationId: string, plans: Map<string, P>, make: (op: OperationInfo, compiler: PlanCompiler) => P): P | undefined {
    let plan = plans.get(operationId)
    const op = plan ? undefined : byId.get(operationId)
    if (op) plans.set(operationId, (plan = make(op, compiler)))
    return plan
  }

  function run(validate: ValidateFunction, value: unknown): ResponseResult {
    if (validate(value)) return { valid: true, violations: [] }
    return { valid: false, violations: toViolations(validate.errors ?? [], compiler.source, '') }
  }
}

function unknownOperation(operationId: string): Violation {
  return { pointer: '', keyword: 'operationId', message: `no operation ${operationId} in the spec`, schemaPath: '#/paths' }
}
