import { fileURLToPath } from 'node:url'
import { loadSpec } from '../../spec/load-spec.js'
import { createContractValidator, type ContractValidator } from '../validator.js'

export const FIXTURE_SPEC = fileURLToPath(new URL('../__fixtures__/mini-openapi.yaml', import.meta.url))

/** The validator over the small fixture spec (tests only). */
export async function fixtureValidator(): Promise<ContractValidator> {
  return createContractValidator(await loadSpec(FIXTURE_SPEC))
}
