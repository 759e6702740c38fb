import type { OperationInfo } from '../../src/spec/operations.js'
import type { Check } from '../check.js'
import { deleteBinChecks } from './delete-bin.js'
import { nestedFilterChecks } from './nested-filters.js'
import { rateLimitHeaderChecks } from './rate-limit-headers.js'
import { ruleOnCreateChecks } from './rules-on-create.js'
import { updateSemanticsChecks } from './update-semantics.js'
import { voucherEffectChecks } from './voucher-effects.js'

/** Documented effects beyond shapes (issue 25 §1): rate-limit headers, the bin, nested filters, update semantics, effects on vouchers, rules sent on create. */
export function promiseChecks(operations: readonly OperationInfo[]): Check[] {
  return [...nestedFilterChecks(operations), ...updateSemanticsChecks(operations), ...deleteBinChecks, ...rateLimitHeaderChecks, ...voucherEffectChecks, ...ruleOnCreateChecks]
}
