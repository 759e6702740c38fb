import type { OperationInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { prefixOf } from './id-pool.js'
import { bodySchema, isValid, type GeneratedRequest } from './requests.js'

/**
 * The request an operation's documentation shows as valid: its first request-body example (spec/openapi.yaml)
 * that the spec's validator accepts, with the given path values. A broken request proves something only when it
 * differs in one thing from a request the target accepts: a generated sample meets the schema but not the rules
 * the documentation states in prose (a validation rule needs a numbered rule, a copy an existing destination
 * project), so a target refuses it, and every mutation of it, for another reason — a content type never
 * checked or a required field never enforced then passes unseen. The example's references (`*_id` values with a
 * type prefix) become ids the target has, where `idFor` knows one of that prefix: the example's own ids are the
 * documentation's, unknown to a deployment, whose 404 would hide a refusal as well. Undefined when the operation
 * has no body or no valid example (the caller falls back to a generated sample).
 */
export function documentedBase(validator: ContractValidator, op: OperationInfo, params: Record<string, string>, idFor: (prefix: string) => string | undefined = () => undefined): GeneratedRequest | undefined {
  const body = bodySchema(op)
  if (!body) return undefined
  const operation = (validator.doc.paths?.[op.path] as Record<string, any> | undefined)?.[op.method.toLowerCase()]
  const media = operation?.requestBody?.content?.[body.type]
  const examples: unknown[] = [...Object.values<any>(media?.examples ?? {}).map((e) => e?.value), media?.example].filter((v) => v !== undefined)
  return examples.map((value): GeneratedRequest => ({ params, query: {}, body: withIds(structuredClone(value), idFor) })).find((request) => isValid(validator, op, request))
}

function withIds(node: unknown, idFor: (prefix: string) => string | undefined): unknown {
  if (Array.isArray(node)) return node.map((item) => withIds(item, idFor))
  if (node === null || typeof node !== 'object') return node
  const out = node as Record<string, unknown>
  for (const [key, value] of Object.entries(out)) {
    const prefix = typeof value === 'string' && key.endsWith('_id') ? prefixOf(value) : undefined
    out[key] = prefix ? (idFor(prefix) ?? value) : withIds(value, idFor)
  }
  return out
}
