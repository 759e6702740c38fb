import type { ContractValidator } from '../../src/validation/validator.js'
import { plannedRequests } from '../budget.js'
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

/**
 * `--generate` under `--budget`: fewer cases per operation until the checks the run selects fit the budget, so
 * every operation keeps its share (as Schemathesis spreads `--max-examples`) rather than the budget leaving
 * whole operations out. The count used is in `options.count` of the checks' failure messages (their replay).
 */
export function generatedWithin(validator: ContractValidator, options: GenerateOptions, budget: number | undefined, select: (checks: Check[]) => Check[]): { checks: Check[]; count: number } {
  let count = options.count
  for (;;) {
    const checks = generatedChecks(validator, { ...options, count })
    const planned = plannedRequests(select(checks))
    // Two cases per operation is the floor (operationChecks): below it, --budget picks among the checks.
    const floor = 2 * validator.operations.length
    if (budget === undefined || planned <= budget || count <= floor) return { checks, count }
    count = Math.max(floor, Math.floor((count * budget) / planned) - 1)
  }
}
