import type { Check } from './check.js'
import type { SuiteOperation } from './suite-validator.js'

/** How many checks exercise each operation of the spec, in spec order (issue 25: none may have 0). */
export function checksPerOperation(checks: readonly Check[], operations: readonly SuiteOperation[]): { operationId: string; checks: number }[] {
  const counts = new Map(operations.map((op) => [op.operationId, 0]))
  for (const check of checks) for (const id of new Set(check.operationIds)) if (counts.has(id)) counts.set(id, counts.get(id)! + 1)
  return [...counts].map(([operationId, n]) => ({ operationId, checks: n }))
}
