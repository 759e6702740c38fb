import type { Defect } from './defects.js'
import { onRequest, onResponse } from './rewrites.js'
import type { Behaviour } from './wrap-mock.js'

const FIXED_TIME = '2020-01-01T00:00:00.000Z'

/** Rate-limit headers on every answer whose remaining count never goes down. */
const remainingStuck: Behaviour = onResponse('*', (res) => void Object.assign(res.headers, { 'x-rate-limit-limit': '1000', 'x-rate-limit-remaining': '1000', 'x-rate-limit-retry': String(Math.floor(Date.now() / 1000) + 3600) }))

/** A filter request rewritten before the mock reads it. */
const filterQuery = (operationId: string, fn: (q: URLSearchParams) => void): Behaviour => onRequest(operationId, (req) => void fn(req.url.searchParams))

/** Issue 25 §1: one small mistake per new promise check, each caught by the check it names. */
export const PROMISE_DEFECTS: Defect[] = [
  { kind: 'rate-limit remaining never counting down', by: 'rate-limit.headers-count-down', shows: { location: 'header', pointer: '/x-rate-limit-remaining' }, behaviour: remainingStuck },
  { kind: 'delete without force removing for good (the name freed)', by: 'campaigns.delete-to-bin', shows: { location: 'status', actual: 200 }, behaviour: filterQuery('deleteCampaign', (q) => q.set('force', 'true')) },
  { kind: 'filter $in keeping only its first value', by: 'filters.listCampaigns', shows: { location: 'behaviour', pointer: '/campaigns' }, behaviour: filterQuery('listCampaigns', (q) => q.delete('filters[name][conditions][$in][1]')) },
  { kind: 'junction or read as and', by: 'filters.listVouchers', shows: { location: 'behaviour', pointer: '/vouchers' }, behaviour: filterQuery('listVouchers', (q) => q.get('filters[junction]') === 'or' && q.set('filters[junction]', 'and')) },
  { kind: 'campaign updated_at never moving', by: 'updates.updateCampaign', shows: { location: 'behaviour', pointer: '/updated_at' }, faults: [{ operationId: 'getCampaign', action: 'set', pointer: '/updated_at', value: FIXED_TIME, whenStatus: 200 }] },
  { kind: 'reward assignment updated_at never moving', by: 'updates.updateRewardAssignment', shows: { location: 'behaviour', pointer: '/updated_at' }, faults: [{ operationId: 'getRewardAssignment', action: 'set', pointer: '/updated_at', value: FIXED_TIME, whenStatus: 200 }] },
  {
    kind: 'campaign update replacing metadata instead of merging',
    by: 'updates.updateCampaign',
    shows: { location: 'behaviour', pointer: '/metadata/promokit_run' },
    behaviour: onRequest('updateCampaign', async (req, ctx) => {
      const current = await ctx.forward('GET', `/v1/campaigns/${encodeURIComponent(req.params.campaignId)}`, undefined, req.headers)
      const sent = Object.keys(req.body?.metadata ?? {})
      req.body.unset_metadata_fields = Object.keys(current.body?.metadata ?? {}).filter((k) => !sent.includes(k))
    }),
  },
  {
    kind: 'campaign update clearing a field it was not sent',
    by: 'updates.updateCampaign',
    shows: { location: 'behaviour', pointer: '/auto_join' },
    behaviour: onRequest('updateCampaign', (req) => void (req.body.auto_join ??= true)),
  },
]
