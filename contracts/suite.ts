import { loadSpec, type OpenApiDocument } from '../src/spec/load-spec.js'
import { createContractValidator, type ContractValidator } from '../src/validation/validator.js'
import type { Check } from './check.js'
import { allChecks } from './checks/index.js'
import { promiseChecks } from './checks/promises.js'
import { invalidRequestChecks } from './generate/invalid-checks.js'

export interface Suite {
  doc: OpenApiDocument
  validator: ContractValidator
  checks: Check[]
}

/** The spec (spec/openapi.yaml), its compiled validator and every check built from it. */
export async function loadSuite(specFile?: string): Promise<Suite> {
  const doc = await loadSpec(specFile)
  const validator = createContractValidator(doc)
  // The invalid-request checks are built from the spec's request schemas, hence from the validator itself.
  return { doc, validator, checks: [...allChecks(validator.operations), ...promiseChecks(validator.operations), ...invalidRequestChecks(validator)] }
}
