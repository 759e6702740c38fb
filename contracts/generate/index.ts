import type { ContractValidator } from '../../src/validation/validator.js'
import type { Check } from '../check.js'
import { operationChecks, type GenerateOptions } from './operation-checks.js'
import { statefulChecks } from './stateful.js'

export type { GenerateOptions }

/**
 * `--generate <n> --seed <s>`: property-based checks built from the spec (fast-check), in place of the fixed
 * ones: one per operation, and stateful sequences with the ids of created resources threaded through.
 */
export function generatedChecks(validator: ContractValidator, options: GenerateOptions): Check[] {
  return [...statefulChecks(options), ...operationChecks(validator, options)]
}
