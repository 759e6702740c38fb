import type { OpenApiDocument } from '../../src/spec/load-spec.js'
import { buildContractValidator, type ContractValidator } from '../../src/validation/validator-core.js'
import { requestValidationError } from '../engine/pipeline/request-errors.js'
import { CONTROL_OPENAPI_JSON } from './control-openapi-data.js'

/** What a control request carries, as the control routes get it. */
export interface ControlInput {
  method: string
  /** The full path, `/_mock/...`. */
  path: string
  query: Record<string, unknown>
  body: unknown
  contentType?: string
}

// One validator per mock instance (createTestApp builds two cores over the same deps); Ajv is loaded and
// the control description compiled on the first control request, so a mock that never gets one never pays.
// The deps are only the key: nothing of them is read.
const validators = new WeakMap<object, Promise<ContractValidator>>()

function controlValidator(deps: object): Promise<ContractValidator> {
  let validator = validators.get(deps)
  if (!validator) {
    validator = import('../../src/validation/ajv-modules.js').then(({ ajvModules }) =>
      buildContractValidator(JSON.parse(CONTROL_OPENAPI_JSON) as OpenApiDocument, undefined, { checkAll: false, ajv: ajvModules }),
    )
    validators.set(deps, validator)
  }
  return validator
}

/**
 * Checks a control request against mock/control/control-openapi.yaml, as API requests are checked
 * against the spec: a value out of its documented range (a clock move past year 9999, a 1xx fault
 * status, a generation rate of 1e-300) is a 400 naming the field before any route runs, so nothing
 * changes. A route the description does not know is left to the router (its 404).
 */
export async function checkControlRequest(deps: object, input: ControlInput): Promise<void> {
  const validator = await controlValidator(deps)
  const match = validator.matchRoute(input.method, input.path)
  if (!match || !('operation' in match)) return
  const { operationId } = match.operation
  const result = validator.validateRequest(operationId, { params: match.params, query: input.query, body: input.body, contentType: input.contentType })
  if (!result.valid) throw requestValidationError(operationId, result.violations, input.body)
}
