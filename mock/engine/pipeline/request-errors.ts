import { decodeToken } from '../../../src/json-pointer.js'
import { ApiError, type ErrorCode } from '../errors.js'

/** The parts of the validator's Violation the mock reports. */
export interface ViolationLike {
  pointer: string
  message: string
  keyword: string
  in?: string
}

const MAX_LISTED = 5
// createCampaign bodies get the real service's campaign key; every other body `invalid_payload`.
const BODY_ERROR: Record<string, ErrorCode> = { createCampaign: 'INVALID_CAMPAIGN' }
// The OAuth endpoints answer the real service's documented keys for their form fields.
const TOKEN_FORM: Record<string, ErrorCode> = { '/body': 'MISSING_PARAMETERS', '/body/access_token': 'MISSING_PARAMETERS' }
const FIELD_ERROR: Record<string, Record<string, ErrorCode>> = {
  createOAuthToken: { '/body/grant_type': 'INVALID_GRANT_TYPE', '/body/scope': 'INVALID_SCOPE' },
  introspectOAuthToken: TOKEN_FORM,
  revokeOAuthToken: TOKEN_FORM,
}

/** Request violations → one 400 whose key says which part was wrong and whose details name each field. */
export function requestValidationError(operationId: string, violations: ViolationLike[], body: unknown): ApiError {
  const located = violations.map((v) => ({ ...v, in: v.in ?? v.pointer.split('/')[1] }))
  const inQuery = located.filter((v) => v.in === 'query' || v.in === 'path' || v.in === 'params')
  const listed = inQuery.length > 0 ? inQuery : located
  const campaignType = (body as { campaign_type?: unknown } | undefined)?.campaign_type
  const lines = listed.slice(0, MAX_LISTED).map((v) => describe(v, typeof campaignType === 'string' ? campaignType : undefined))
  const more = listed.length > MAX_LISTED ? ` (and ${listed.length - MAX_LISTED} more)` : ''
  const details = `${lines.join('; ')}${more}`
  const code: ErrorCode =
    inQuery.length > 0
      ? 'INVALID_QUERY_PARAMS'
      : located.some((v) => v.keyword === 'contentType')
        ? 'UNSUPPORTED_CONTENT_TYPE'
        : (fieldError(operationId, located) ?? BODY_ERROR[operationId] ?? 'INVALID_PAYLOAD')
  // The real service words a missing campaign property in the message users see first, e.g.
  // "Property 'discount' is required for REFERRAL_PROGRAM campaign".
  const message = code === 'INVALID_CAMPAIGN' && lines.length > 0 ? `Invalid Campaign: ${lines[0]}` : undefined
  return new ApiError(code, details, { violations, message })
}

function fieldError(operationId: string, violations: ViolationLike[]): ErrorCode | undefined {
  const fields = Object.hasOwn(FIELD_ERROR, operationId) ? FIELD_ERROR[operationId] : undefined
  if (!fields) return undefined
  for (const v of violations) if (Object.hasOwn(fields, v.pointer)) return fields[v.pointer]
  return undefined
}

function describe(v: ViolationLike & { in: string }, campaignType: string | undefined): string {
  const field = fieldName(v.pointer)
  if (v.keyword === 'required') {
    const suffix = campaignType && v.in === 'body' ? ` for ${campaignType} campaign` : ''
    return `Property '${field}' is required${suffix}`
  }
  if (v.keyword === 'contentType') return v.message
  return field ? `${field}: ${v.message}` : v.message
}

/** `/body/voucher/discount` → `voucher.discount`, `/body/redeemables/5` → `redeemables[5]`, `/query/limit` → `limit`. */
export function fieldName(pointer: string): string {
  const parts = pointer.split('/').slice(2).map(decodeToken)
  let out = ''
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part
  return out
}
