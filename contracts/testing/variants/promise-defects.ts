import { answerHeader, dropQuery, set, setQuery, setRequestBody } from './defect-faults.js'
import type { Defect } from './defects.js'

const FIXED_TIME = '2020-01-01T00:00:00.000Z'
const AN_HOUR_ON = String(Math.floor(Date.now() / 1000) + 3600)

/** Issue 25 §1: one small mistake per new promise check, each caught by the check it names; all faults of the mock's engine. */
export const PROMISE_DEFECTS: Defect[] = [
  {
    kind: 'rate-limit remaining never counting down',
    by: 'rate-limit.headers-count-down',
    shows: { location: 'header', pointer: '/x-rate-limit-remaining' },
    // on every answer, the check's error answer (404) too: only the count is wrong
    faults: [200, 404].flatMap((s) => [answerHeader(undefined, 'x-rate-limit-limit', '1000', s), answerHeader(undefined, 'x-rate-limit-remaining', '1000', s), answerHeader(undefined, 'x-rate-limit-retry', AN_HOUR_ON, s)]),
  },
  { kind: 'delete without force removing for good (the name freed)', by: 'campaigns.delete-to-bin', shows: { location: 'status', actual: 200 }, faults: [setQuery('deleteCampaign', 'force', 'true')] },
  { kind: 'filter $in keeping only its first value', by: 'filters.listCampaigns', shows: { location: 'behaviour', pointer: '/campaigns' }, faults: [dropQuery('listCampaigns', 'filters[name][conditions][$in][1]')] },
  { kind: 'junction or read as and', by: 'filters.listVouchers', shows: { location: 'behaviour', pointer: '/vouchers' }, faults: [setQuery('listVouchers', 'filters[junction]', 'and')] },
  { kind: 'campaign updated_at never moving', by: 'updates.updateCampaign', shows: { location: 'behaviour', pointer: '/updated_at' }, faults: [set('getCampaign', '/updated_at', FIXED_TIME)] },
  { kind: 'reward assignment updated_at never moving', by: 'updates.updateRewardAssignment', shows: { location: 'behaviour', pointer: '/updated_at' }, faults: [set('getRewardAssignment', '/updated_at', FIXED_TIME)] },
  // the update drops the metadata key the check's campaign was created with, as if metadata were replaced
  { kind: 'campaign update replacing metadata instead of merging', by: 'updates.updateCampaign', shows: { location: 'behaviour', pointer: '/metadata/promokit_run' }, faults: [setRequestBody('updateCampaign', '/unset_metadata_fields', ['promokit_run'])] },
  // list.limit-over-100-400 takes any 4xx in the Error format (no status or key is documented), nothing less
  { kind: 'limit 101 refused with an Error whose code is not the status', by: 'list.limit-over-100-400', shows: { pointer: '/code' }, faults: [set('listCampaigns', '/code', 200, 400)] },
  { kind: 'campaign update changing a field it was not sent', by: 'updates.updateCampaign', shows: { location: 'behaviour', pointer: '/auto_join' }, faults: [setRequestBody('updateCampaign', '/auto_join', true)] },
]
