import type { ErrorObject } from 'ajv'
import { escapePointerToken } from '../json-pointer.js'
import { collapseCombinators, type SchemaSource } from './collapse.js'

export type ViolationLocation = 'path' | 'query' | 'header' | 'body'

/** One way a request or response differs from the spec. Data, never thrown. */
export interface Violation {
  /** JSON pointer into what was checked, prefixed with its location: `/body/voucher/discount`, `/query/limit`. */
  pointer: string
  message: string
  /** The failing JSON Schema keyword (`required`, `enum`, `pattern`, ...) or `status` / `contentType`. */
  keyword: string
  /** The offending value (absent for a missing one), shortened when large. */
  value?: unknown
  schemaPath: string
  in?: ViolationLocation
}

const MAX_STRING = 200
const MAX_JSON = 500

/** Ajv errors → violations: oneOf/anyOf collapsed to the best branch, pointers naming the missing/extra property. */
export function toViolations(errors: readonly ErrorObject[], ajv: SchemaSource, prefix: string, location?: ViolationLocation): Violation[] {
  const out: Violation[] = []
  const seen = new Set<string>()
  for (const error of collapseCombinators(errors, ajv)) {
    const violation = toViolation(error, ajv, prefix, location)
    const key = `${violation.pointer}\u0000${violation.keyword}\u0000${violation.message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(violation)
  }
  return out
}

function toViolation(error: ErrorObject, ajv: SchemaSource, prefix: string, location?: ViolationLocation): Violation {
  const base = prefix + error.instancePath
  const params = error.params as Record<string, unknown>
  const at = (name: unknown) => `${base}/${escapePointerToken(String(name))}`
  let pointer = base
  let keyword = error.keyword
  let message = error.message ?? keyword
  let value: unknown = error.data
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
      pointer = at(params.missingProperty)
      value = undefined
      break
    case 'additionalProperties':
      pointer = at(params.additionalProperty)
      value = (error.data as Record<string, unknown> | undefined)?.[params.additionalProperty as string]
      message = 'is not allowed (no such property in the schema)'
      break
    case 'unevaluatedProperties':
      pointer = at(params.unevaluatedProperty)
      value = (error.data as Record<string, unknown> | undefined)?.[params.unevaluatedProperty as string]
      break
    case 'enum':
      message = `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      break
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`
      break
    case 'contains':
      // Ajv reports minContains and maxContains failures alike; count the matches to tell which one it was.
      if (params.maxContains !== undefined && countMatches(error, ajv) > (params.maxContains as number)) {
        keyword = 'maxContains'
        message = `must contain at most ${params.maxContains as number} matching item(s)`
      }
      break
    case 'discriminator': {
      // Ajv reports a bad tag on the object; point at the tag itself and say which values select a branch.
      pointer = at(params.tag)
      value = params.tagValue
      if (value === undefined) {
        keyword = 'required'
        message = `must have required property '${String(params.tag)}'`
      } else if (params.error === 'mapping') {
        keyword = 'enum'
        message = `must be one of: ${discriminatorValues(error, ajv, String(params.tag)).join(', ')}`
      } else {
        keyword = 'type'
        message = 'must be string'
      }
      break
    }
  }
  const violation: Violation = { pointer, message, keyword, schemaPath: error.schemaPath }
  if (value !== undefined) violation.value = truncate(value)
  if (location) violation.in = location
  return violation
}

function countMatches(error: ErrorObject, ajv: SchemaSource): number {
  const contains = (error.parentSchema as { contains?: unknown } | undefined)?.contains
  if (!Array.isArray(error.data) || typeof contains !== 'object' || contains === null) return 0
  const validate = ajv.compile(contains)
  return error.data.filter((item) => validate(item)).length
}

function discriminatorValues(error: ErrorObject, ajv: SchemaSource, tag: string): string[] {
  const branches = (error.parentSchema as { oneOf?: unknown[] } | undefined)?.oneOf ?? []
  return branches.flatMap((raw) => {
    const ref = (raw as { $ref?: string }).$ref
    const branch = (ref ? ajv.schemaOf(ref) : raw) as { properties?: Record<string, { const?: unknown; enum?: unknown[] }> }
    const prop = branch?.properties?.[tag]
    const values = prop?.const !== undefined ? [prop.const] : (prop?.enum ?? [])
    return values.map((v) => JSON.stringify(v))
  })
}

/** Keeps violation reports readable when a whole list or a long string is the culprit. */
export function truncate(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value
  if (typeof value !== 'object' || value === null) return value
  const json = JSON.stringify(value)
  return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON)}…` : value
}
