import { specPath } from '../paths.js'
import { loadSpec, type OpenApiDocument } from '../spec/load-spec.js'
import { precompiledFor } from '../spec/precompiled.js'
import { loadAjvModules } from './ajv-node.js'
import { buildContractValidator, type ContractValidator } from './validator-core.js'

export { buildContractValidator, type ContractValidator } from './validator-core.js'

/**
 * Compiles every request and response schema of the spec once (one Ajv instance) and checks
 * traffic against them, returning violations as data. Throws only when the spec itself is broken.
 * A document loadSpec read from a precompiled artifact (`npm run build`) uses that artifact's
 * standalone validators instead: same violations, no compiling. Each call builds a validator of its own.
 * @example
 * const contracts = createContractValidator(await loadSpec())
 * const { violations } = contracts.validateResponse('getCampaign', 200, body, headers)
 */
export function createContractValidator(doc: OpenApiDocument): ContractValidator {
  return buildContractValidator(doc, precompiledFor(doc), { ajv: loadAjvModules })
}

/** A spec document and its validator, compiled together; a mock holds one of its own unless given one to share. */
export interface CompiledSpec {
  doc: OpenApiDocument
  validator: ContractValidator
}

/** Loads and compiles the spec at `path` (the bundled one by default): a precompiled artifact makes it about 60 ms. */
export async function loadCompiledSpec(path: string = specPath()): Promise<CompiledSpec> {
  const doc = await loadSpec(path)
  return { doc, validator: createContractValidator(doc) }
}
