import type { SuiteValidator } from './suite-validator.js'

/**
 * Lists whose array key the real service's own documentation gives two ways (real-service-notes §8.6): the
 * campaign-template lists (schema `data`, example `campaign_templates`) and the metadata-schema lists
 * (management `data`, /v1 `schemas` with default text "data"). A deployment may answer either; the suite
 * reads the array through `data_ref` and validates the answer as if it used the spec's key.
 */
const DOCUMENTED_KEYS: Record<string, readonly string[]> = {
  listCampaignTemplates: ['data', 'campaign_templates'],
  listProjectCampaignTemplates: ['data', 'campaign_templates'],
  listMetadataSchemas: ['schemas', 'data'],
  listProjectMetadataSchemas: ['schemas', 'data'],
}

/** The items of a list answer, found through its `data_ref` (undefined when that names no array). */
export function listItems(body: any): any[] | undefined {
  const key = body?.data_ref
  const items = typeof key === 'string' && Object.hasOwn(body, key) ? body[key] : undefined
  return Array.isArray(items) ? items : undefined
}

/** The `data_ref` the spec gives an operation's 200 answer (its const, or the first of its enum). */
export function specDataRef(validator: SuiteValidator, operationId: string): string | undefined {
  const op = validator.operations.find((o) => o.operationId === operationId)
  const answer = op?.responses['200'] as any
  // The validator's operations carry schemas by media type; a raw OpenAPI operation carries content.
  const schema = answer?.schemas?.['application/json'] ?? answer?.content?.['application/json']?.schema
  const ref = schema?.properties?.data_ref
  return ref?.const ?? ref?.enum?.[0]
}

/**
 * The body to validate: a list answered under another documented key is rewritten (a copy) to the spec's key,
 * so it is checked field for field like any other; any other body is returned as it is.
 */
export function inSpecShape(validator: SuiteValidator, operationId: string, status: number, body: any): unknown {
  const keys = DOCUMENTED_KEYS[operationId]
  const used = body?.data_ref
  if (status !== 200 || !keys || typeof used !== 'string' || !keys.includes(used) || !Array.isArray(body[used])) return body
  const wanted = specDataRef(validator, operationId)
  if (!wanted || wanted === used || Object.hasOwn(body, wanted)) return body
  const { [used]: items, ...rest } = body
  return { ...rest, data_ref: wanted, [wanted]: items }
}
