import type { OperationInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { bodySchema, isValid, type GeneratedRequest } from './requests.js'

/**
 * The request an operation's documentation shows as valid: its first request-body example (spec/openapi.yaml)
 * that the spec's validator accepts, with the given path values. A broken request proves something only when it
 * differs in one thing from a request the target accepts: a generated sample meets the schema but not the rules
 * the documentation states in prose (a validation rule needs a numbered rule, a copy an existing destination
 * project), so a target refuses it, and every mutation of it, for another reason — a content type never
 * checked or a required field never enforced then passes unseen. Undefined when the operation has no body or no
 * valid example (the caller falls back to a generated sample).
 */
export function documentedBase(validator: ContractValidator, op: OperationInfo, params: Record<string, string>): GeneratedRequest | undefined {
  const body = bodySchema(op)
  if (!body) return undefined
  const operation = (validator.doc.paths?.[op.path] as Record<string, any> | undefined)?.[op.method.toLowerCase()]
  const media = operation?.requestBody?.content?.[body.type]
  const examples: unknown[] = [...Object.values<any>(media?.examples ?? {}).map((e) => e?.value), media?.example].filter((v) => v !== undefined)
  return examples.map((value): GeneratedRequest => ({ params, query: {}, body: structuredClone(value) })).find((request) => isValid(validator, op, request))
}
