import type { FaultInput } from '../../../mock/control/faults.js'
import { move, set } from './defect-faults.js'
import type { Variant } from './variants.js'

/** A list the mock answers under `from` answered under `key`: the array moved and `data_ref` naming it. */
const listUnder = (ops: readonly string[], from: string, key: string): FaultInput[] => ops.flatMap((op) => [move(op, `/${from}`, `/${key}`), set(op, '/data_ref', key)])

/**
 * Behaviours the real service's documentation shows where the suite used to raise false alarms (issue 25): the
 * suite must pass each with 0 failures.
 */
export const VENDOR_VARIANTS: Variant[] = [
  {
    kind: '401 bodies exactly as the vendor sends them',
    source: 'real service: every 401 example is {"code":401,"message":"Unauthorized","key":"unauthorized"} (notes §8.6)',
    faults: [set(undefined, '', { code: 401, message: 'Unauthorized', key: 'unauthorized' }, 401)],
  },
  {
    kind: 'campaign-template lists under campaign_templates',
    source: 'real service: the template list example names campaign_templates, its schema data (notes §8.6)',
    faults: listUnder(['listCampaignTemplates', 'listProjectCampaignTemplates'], 'data', 'campaign_templates'),
  },
  {
    kind: 'metadata-schema lists under data',
    source: 'real service: ManagementProjectsMetadataSchemasListResponseBody data_ref enum ["data"]; /v1 default text "data" (notes §8.6)',
    faults: listUnder(['listMetadataSchemas'], 'schemas', 'data'),
  },
  {
    kind: 'metadata-schema lists under schemas',
    source: 'real service: /v1/metadata-schemas data_ref enum ["schemas"] (notes §8.6)',
    faults: listUnder(['listProjectMetadataSchemas'], 'data', 'schemas'),
  },
]
