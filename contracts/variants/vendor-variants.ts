import { onResponse } from './rewrites.js'
import type { Variant } from './variants.js'

/** A list answered under another key: `data_ref` and the array renamed to `key`. */
const listUnder = (ops: string | readonly string[], key: string) =>
  onResponse(ops, (res) => {
    const from = res.body?.data_ref
    if (typeof from !== 'string' || from === key || !Array.isArray(res.body[from])) return
    res.body[key] = res.body[from]
    delete res.body[from]
    res.body.data_ref = key
  }, 200)

/**
 * Behaviours the real service's documentation shows where the suite used to raise false alarms (issue 25): the
 * suite must pass each with 0 failures.
 */
export const VENDOR_VARIANTS: Variant[] = [
  {
    kind: '401 bodies exactly as the vendor sends them',
    source: 'real service: every 401 example is {"code":401,"message":"Unauthorized","key":"unauthorized"} (notes §8.6)',
    behaviour: onResponse('*', (res) => void (res.body = { code: 401, message: 'Unauthorized', key: 'unauthorized' }), 401),
  },
  {
    kind: 'campaign-template lists under campaign_templates',
    source: 'real service: the template list example names campaign_templates, its schema data (notes §8.6)',
    behaviour: listUnder(['listCampaignTemplates', 'listProjectCampaignTemplates'], 'campaign_templates'),
  },
  {
    kind: 'metadata-schema lists under data',
    source: 'real service: ManagementProjectsMetadataSchemasListResponseBody data_ref enum ["data"]; /v1 default text "data" (notes §8.6)',
    behaviour: listUnder(['listProjectMetadataSchemas', 'listMetadataSchemas'], 'data'),
  },
  {
    kind: 'metadata-schema lists under schemas',
    source: 'real service: /v1/metadata-schemas data_ref enum ["schemas"] (notes §8.6)',
    behaviour: listUnder(['listProjectMetadataSchemas', 'listMetadataSchemas'], 'schemas'),
  },
]
