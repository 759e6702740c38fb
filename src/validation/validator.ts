import type { OpenApiDocument } from '../spec/load-spec.js'
import { precompiledFor } from '../spec/precompiled.js'
import { buildContractValidator, type ContractValidator } from './validator-core.js'

export { buildContractValidator, type ContractValidator } from './validator-core.js'

const cache = new WeakMap<OpenApiDocument, ContractValidator>()

/**
 * Compiles every request and response schema of the spec once (one Ajv instance) and checks
 * traffic against them, returning violations as data. Throws only when the spec itself is broken.
 * A document loadSpec read from a precompiled artifact (`npm run build`) uses that artifact's
 * standalone validators instead: same violations, no compiling. Validators are stateless, so one is
 * shared per document.
 * @example
 * const contracts = createContractValidator(await loadSpec())
 * const { violations } = contracts.validateResponse('getCampaign', 200, body, headers)
 */
export function createContractValidator(doc: OpenApiDocument): ContractValidator {
  let validator = cache.get(doc)
  if (!validator) {
    validator = buildContractValidator(doc, precompiledFor(doc))
    cache.set(doc, validator)
  }
  return validator
}
