/**
 * The slice of src/validation's ContractValidator the suite uses, typed structurally so the suite
 * states exactly what it depends on.
 */
export interface SuiteViolation {
  pointer: string
  message: string
  keyword: string
  value?: unknown
}

export interface SuiteOperation {
  operationId: string
  method: string
  path: string
  parameters: readonly { name: string; in: string; required?: boolean; schema?: any }[]
  responses: Record<string, unknown>
  security?: readonly Record<string, readonly string[]>[]
}

export interface SuiteValidator {
  operations: readonly SuiteOperation[]
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ): { valid: boolean; violations: readonly SuiteViolation[] }
}
