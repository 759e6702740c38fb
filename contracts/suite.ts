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
  const derived = [...promiseChecks(validator.operations), ...invalidRequestChecks(validator)]
  return { doc, validator, checks: [...derived.filter(onlyReads), ...allChecks(validator.operations), ...derived.filter((c) => !onlyReads(c))] }
}

/**
 * The spec-derived checks that read shared resources and change nothing go first, beside the listing checks. A
 * check waits for every earlier one it conflicts with (contracts/schedule.ts): a reader placed after the writers
 * of what it reads would wait for all of them, and hold up every later writer of it (a --concurrency run ended
 * with a chain of them). They need nothing another check creates (the hand-written readers stay in place: some
 * read what an earlier writer made, e.g. exports.list).
 */
const onlyReads = (c: Check): boolean => (c.shares?.reads?.length ?? 0) > 0 && (c.shares?.changes?.length ?? 0) === 0
