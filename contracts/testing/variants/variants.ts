import type { FaultInput } from '../../../mock/control/faults.js'
import { drop, set } from './defect-faults.js'
import { combine, errorAnswer, everywhere, onRequest, onResponse } from './rewrites.js'
import type { Behaviour } from './wrap-mock.js'

/**
 * A behaviour that the API description or the real service's documentation allows: the suite must pass it.
 * Faults of the mock's engine where a fixed change of every answer shows it; the test-only wrapper where it
 * depends on the request or an earlier answer (a download but not a read, the 6th redeemable, time passing).
 */
export type Variant = {
  kind: string
  /** Where it is documented. */
  source: string
  /** A check that must report (`follows`) the documented behaviour this variant shows: [check id or '*' for any, words of it]. */
  follows?: [check: string, shown: string]
} & ({ faults: readonly FaultInput[] } | { behaviour: Behaviour })

const isDownload = (req: { url: URL }): boolean => req.url.searchParams.has('token')

/**
 * A deployment that deletes synchronously: 204 with no body, the campaign gone at once (the mock, like the
 * real service, answers 202 and deletes when its async action completes; the wrapper lets that time pass, on
 * the mock's clock, which every check of the run sees: the whole suite runs against it).
 */
const syncDelete: Behaviour = everywhere(onResponse('deleteCampaign', async (res, req, ctx) => {
  if (typeof res.body?.async_action_id !== 'string') return undefined
  await ctx.forward('POST', '/_mock/clock/advance', { ms: 60_000 })
  const action = await ctx.forward('GET', `/v1/async-actions/${res.body.async_action_id}`, undefined, req.headers)
  return action.body?.status === 'DONE' ? { status: 204, headers: {}, text: '' } : undefined
}, 202))

/** A fast target: generation already DONE when the create answer comes (the wrapper lets the mock's time pass first, for every check). */
const doneOnCreate = everywhere(onResponse('createCampaign', async (res, req, ctx) => {
  if (res.body?.creation_status !== 'IN_PROGRESS') return undefined
  await ctx.forward('POST', '/_mock/clock/advance', { ms: 600_000 })
  const read = await ctx.forward('GET', `/v1/campaigns/${encodeURIComponent(res.body.id)}`, undefined, req.headers)
  return read.status === 200 ? { ...read, status: 200 } : undefined
}, 200))

/** getCampaign of a campaign still generating: the mock's 404 + Retry-After becomes `status` (real service). */
const notYet = (status: number, key: string): Behaviour =>
  onResponse('getCampaign', (res) => (res.headers['retry-after'] ? { ...errorAnswer(status, key, 'The campaign is being generated'), headers: { 'content-type': 'application/json', 'retry-after': res.headers['retry-after'] } } : undefined), 404)

/** The real service applies 5 redeemables and SKIPs the rest (applicable_redeemables_limit_exceeded). */
const skipSixth: Behaviour = combine(
  onRequest(['validateStackedDiscounts', 'redeemStackedDiscounts'], (req, ctx) => {
    const items = req.body?.redeemables
    if (!Array.isArray(items) || items.length <= 5 || items.some((r: any) => r?.object === 'promotion_stack')) return undefined
    ctx.state.set(`skipped:${req.body.order?.source_id ?? ''}:${items.length}`, items.slice(5))
    req.headers['x-pk-skipped'] = `${req.body.order?.source_id ?? ''}:${items.length}`
    req.body.redeemables = items.slice(0, 5)
  }),
  onResponse(['validateStackedDiscounts', 'redeemStackedDiscounts'], (res, req, ctx) => {
    const extra: any[] | undefined = ctx.state.get(`skipped:${req.headers['x-pk-skipped']}`)
    if (!extra || !req.headers['x-pk-skipped']) return
    res.body.skipped_redeemables = [...(res.body.skipped_redeemables ?? []), ...extra.map((r) => ({ status: 'SKIPPED', id: r.id, object: r.object, result: { details: { key: 'applicable_redeemables_limit_exceeded', message: 'Applicable redeemables limit exceeded' } } }))]
  }, 200),
)

/** A failed redemption answered 400 with the reason's key instead of 200 with the item inapplicable. */
const failedRedemption400 = onResponse('redeemStackedDiscounts', (res) => {
  const failed = res.body?.inapplicable_redeemables?.[0]
  const succeeded = (res.body?.redemptions ?? []).some((r: any) => r?.result === 'SUCCESS')
  if (!failed || succeeded) return undefined
  const key = failed.result?.error?.key ?? failed.result?.details?.key
  return errorAnswer(400, key, `Redemption failed: ${key}`)
}, 200)

const DISPLAY: Record<string, string> = { id: 'ID', type: 'Type', source_id: 'Source ID', amount: 'Amount', created_at: 'Created At', balance: 'Balance' }

/** Never-updated campaigns (updated_at null) sorted before or after the others on updated_at. */
const nullUpdatedAt = (where: 'first' | 'last'): Behaviour =>
  onResponse('listCampaigns', (res, req) => {
    const campaigns: any[] = res.body?.campaigns ?? []
    for (const c of campaigns) if (c.updated_at === c.created_at) c.updated_at = null
    if (!/updated_at/.test(req.url.searchParams.get('order') ?? '')) return
    const never = campaigns.filter((c) => c.updated_at === null)
    const updated = campaigns.filter((c) => c.updated_at !== null)
    res.body.campaigns = where === 'first' ? [...never, ...updated] : [...updated, ...never]
  }, 200)

/** Rate-limit headers on every answer, and every 20th request refused with 429 (real service, section 8.3). */
const rateLimited: Behaviour = {
  request(_req, ctx) {
    const count = (ctx.state.get('count') ?? 0) + 1
    ctx.state.set('count', count)
    if (count % 20 !== 0) return undefined
    const retry = String(Math.floor(Date.now() / 1000) + 1)
    return { ...errorAnswer(429, 'too_many_requests', 'Too many requests'), headers: { 'content-type': 'application/json', 'retry-after': '1', 'x-rate-limit-limit': '20', 'x-rate-limit-remaining': '0', 'x-rate-limit-retry': retry } }
  },
  response(res, _req, ctx) {
    const remaining = String(20 - (ctx.state.get('count') % 20))
    Object.assign(res.headers, { 'x-rate-limit-limit': '20', 'x-rate-limit-remaining': remaining, 'x-rate-limit-retry': String(Math.floor(Date.now() / 1000) + 1) })
  },
}

/** Issue 12 section 1: behaviours the suite must accept (each a one-entry difference from the mock). */
export const VARIANTS: Variant[] = [
  { kind: 'delete answered 204, the campaign gone at once', source: 'spec 204 (synchronous deployments)', behaviour: syncDelete, follows: ['campaigns.delete', 'delete: 204'] },
  { kind: 'invalid create body refused with key invalid_payload', source: 'real 1.3', faults: [set('createCampaign', '/key', 'invalid_payload', 400)], follows: ['campaigns.invalid-body-400', 'key invalid_payload'] },
  { kind: 'export download served as text/plain', source: 'real 8.2', behaviour: onResponse('getExport', (res, req) => void (isDownload(req) && (res.headers['content-type'] = 'text/plain; charset=utf-8')), 200), follows: ['exports.lifecycle', 'download: text/plain'] },
  {
    kind: 'export download needing the app keys besides its token',
    source: 'issue 12 §1',
    behaviour: onRequest('getExport', (req) => (isDownload(req) && !req.headers['x-app-token'] ? errorAnswer(401, 'unauthorized', 'Unauthorized') : undefined)),
    follows: ['exports.lifecycle', 'needs the app keys'],
  },
  { kind: 'CSV header with display names', source: 'issue 12 §1', behaviour: onResponse('getExport', (res, req) => void (isDownload(req) && (res.text = res.text.replace(/^[^\r\n]*/, (h) => h.split(',').map((f) => DISPLAY[f] ?? f).join(',')))), 200) },
  { kind: 'campaign DONE already in the create answer', source: 'issue 12 §1', behaviour: doneOnCreate, follows: ['campaigns.create-gift-vouchers', 'already DONE'] },
  {
    kind: 'campaigns without categories unless expanded',
    source: 'real schema',
    behaviour: onResponse(['getCampaign', 'listCampaigns', 'createCampaign'], (res, req) => {
      if (req.url.searchParams.get('expand') === 'category') return
      for (const c of res.body?.campaigns ?? [res.body]) if (c && typeof c === 'object') delete c.categories
    }, 200),
  },
  {
    kind: 'referral holders with campaign_type null',
    source: 'real examples',
    behaviour: onResponse(['listReferralCodeHolders', 'listMemberHolders'], (res) => (res.body?.data ?? []).forEach((h: any) => (h.campaign_type = null)), 200),
  },
  {
    kind: 'errors without a documented key carrying none',
    source: 'real 1.3, 8.6',
    faults: [drop('createCategory', '/key', 400), drop('listVouchers', '/key', 400)],
  },
  { kind: '401 bodies without key', source: 'real 8.6: a check may require code and message, and accept key', faults: [drop(undefined, '/key', 401)] },
  {
    kind: 'management errors without key',
    source: 'real 1.3',
    faults: [drop('getMetadataSchema', '/key', 404), drop('copyCampaignTemplate', '/key', 409)],
    follows: ['management.copy-template', '409: no key'],
  },
  { kind: 'export echo without filters.junction', source: 'real 2.6', faults: [drop('exportCampaignTransactions', '/parameters/filters/junction'), drop('getExport', '/parameters/filters/junction')], follows: ['exports.lifecycle', 'without junction'] },
  { kind: 'a generating campaign answered 423', source: 'issue 12 §1', behaviour: notYet(423, 'resource_locked'), follows: ['*', 'read while generating: 423'] },
  { kind: 'a generating campaign answered 400', source: 'issue 12 §1', behaviour: notYet(400, 'invalid_request') },
  { kind: 'a failed redemption answered 400 with its key', source: 'real 8.5', behaviour: failedRedemption400, follows: ['checkout.coupon-redeem-once', 'failed redemption: 400'] },
  { kind: 'the 6th redeemable SKIPPED (applicable_redeemables_limit_exceeded)', source: 'real 4.3', behaviour: skipSixth, follows: ['checkout.validate-six-redeemables', 'the 6th SKIPPED'] },
  { kind: 'never-updated campaigns first on updated_at', source: 'issue 12 §1', behaviour: nullUpdatedAt('first') },
  { kind: 'never-updated campaigns last on updated_at', source: 'issue 12 §1', behaviour: nullUpdatedAt('last') },
  { kind: 'rate-limit headers and a 429 every 20 requests', source: 'real 8.3', behaviour: rateLimited },
]
