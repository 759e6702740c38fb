import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { isMockOnlyOrder } from './mock-only.js'
import { campaignIds, early, isSorted } from './support.js'

const list = (ctx: CheckContext, query: Record<string, string | number | boolean | undefined>, status: number | number[] = 200): Promise<Exchange> =>
  ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query }, { status })

const PAGE = 2
const MAX_PAGES = 4
const MAX_TOTAL_PAGES = 3

/** Pages of the default order must be disjoint and, concatenated, equal the start of one full listing. */
async function checkPaging(ctx: CheckContext): Promise<'ok' | 'moved'> {
  // Every page at once, beside the full listing (the listing is stable meanwhile), then each judged in order: those
  // the full listing reaches (at most MAX_PAGES).
  const asked = Array.from({ length: MAX_PAGES }, (_, i) => early(list(ctx, { limit: PAGE, page: i + 1 })))
  const full = await list(ctx, { limit: 100 })
  const all = campaignIds(full)
  if (all.length < PAGE + 1) ctx.skip(`needs at least ${PAGE + 1} campaigns to page through, found ${all.length}`)
  const pages = Math.min(Math.ceil(all.length / PAGE), MAX_PAGES)
  const seen = new Map<string, number>()
  const answers = await Promise.all(asked.slice(0, pages))
  for (let page = 1; page <= pages; page++) {
    const res = answers[page - 1]
    const ids = campaignIds(res)
    for (const [i, id] of ids.entries()) {
      const expected = all[(page - 1) * PAGE + i]
      if (seen.has(id)) {
        if (await listingMoved(ctx, full)) return 'moved'
        ctx.fail({ pointer: `/campaigns/${i}/id`, message: `page ${page} repeats a campaign of page ${seen.get(id)} (pages must be disjoint)`, expected, actual: id }, res)
      }
      seen.set(id, page)
      if (id !== expected) {
        if (await listingMoved(ctx, full)) return 'moved'
        ctx.fail({ pointer: `/campaigns/${i}/id`, message: `page ${page} disagrees with the full listing (limit 100)`, expected, actual: id }, res)
      }
    }
    const wanted = Math.min(PAGE, all.length - (page - 1) * PAGE)
    if (ids.length !== wanted) ctx.fail({ pointer: '/campaigns', message: `page ${page} of limit ${PAGE} has the wrong number of items`, expected: wanted, actual: ids.length }, res)
  }
  return 'ok'
}

/** On a shared staging someone may create or delete campaigns mid-check; that is not the target's fault. */
async function listingMoved(ctx: CheckContext, before: Exchange): Promise<boolean> {
  const now = await list(ctx, { limit: 100 })
  return campaignIds(now).join() !== campaignIds(before).join()
}

function compareBy(order: string): ((a: any, b: any) => number)[] {
  const desc = order.startsWith('-')
  const field = desc ? order.slice(1) : order
  const value = (c: any): string => String(c[field] ?? '')
  const sign = desc ? -1 : 1
  const byValue = (a: any, b: any): number => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0)
  if (field === 'updated_at') {
    // A never-updated campaign (updated_at null or absent) sorts by its created_at, or first, or last: each is seen.
    const never = (c: any): boolean => c.updated_at === null || c.updated_at === undefined
    const asCreated = (c: any): string => String(c.updated_at ?? c.created_at ?? '')
    const nullsAt = (where: 1 | -1) => (a: any, b: any): number => (never(a) || never(b) ? where * (Number(never(a)) - Number(never(b))) : byValue(a, b))
    return [(a, b) => sign * (asCreated(a) < asCreated(b) ? -1 : asCreated(a) > asCreated(b) ? 1 : 0), nullsAt(-1), nullsAt(1)]
  }
  // Names may be sorted by code unit or by a case-insensitive collation; either is accepted.
  const comparators = [byValue]
  if (field === 'name') comparators.push((a, b) => sign * value(a).localeCompare(value(b), 'en', { sensitivity: 'base' }))
  return comparators
}

function orderValues(ctx: CheckContext): string[] | undefined {
  const op = ctx.validator.operations.find((o) => o.operationId === 'listCampaigns')
  const schema = op?.parameters.find((p) => p.name === 'order' && p.in === 'query')?.schema
  return schema?.enum ?? schema?.items?.enum
}

/** The orders the real service documents; `name`/`-name` are promokit's mock only and sent to it alone. */
const REAL_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at']
const ORDERS = [...REAL_ORDERS, 'name', '-name']

const orderChecks: Check[] = ORDERS.map((order) => ({
  id: `list.order-${order.startsWith('-') ? `${order.slice(1)}-desc` : order}`,
  title: `listCampaigns order=${order} sorts the campaigns accordingly`,
  operationIds: ['listCampaigns'],
  readOnly: true,
  requests: 1,
  value: 1,
  shares: { reads: ['campaign-list'] },
  async run(ctx) {
    if (!(orderValues(ctx) ?? ORDERS).includes(order)) ctx.skip(`order=${order} is not in the spec`)
    if (isMockOnlyOrder('listCampaigns', order) && !ctx.isMock) ctx.skip(`order=${order} is promokit's mock only (the real service documents ${REAL_ORDERS.join(', ')}); not sent to a deployment`)
    const res = await list(ctx, { limit: 100, order })
    const campaigns: any[] = res.response.body.campaigns
    const sortedBy = compareBy(order).findIndex((cmp) => isSorted(campaigns, cmp))
    if (order.includes('updated_at') && sortedBy >= 0 && campaigns.some((c) => c.updated_at == null)) ctx.follows(`never-updated campaigns: ${['sorted by created_at', 'first', 'last'][sortedBy]}`)
    if (sortedBy < 0) {
      const field = order.replace('-', '')
      const i = campaigns.findIndex((c, k) => k > 0 && compareBy(order)[0](campaigns[k - 1], c) > 0)
      ctx.fail({ pointer: `/campaigns/${i}/${field}`, message: `campaigns are not sorted by ${order}`, expected: `after ${JSON.stringify(campaigns[i - 1]?.[field])}`, actual: campaigns[i]?.[field] }, res)
    }
  },
}))

export const listingChecks: Check[] = [
  {
    id: 'list.limit-over-100-400',
    title: 'listCampaigns with limit 101 is refused with a 4xx error (the spec: 400)',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      // The description says an error comes back; neither it nor the real service's documentation gives its status
      // or key (notes §2.2, §6): any 4xx in the Error format passes, the spec's 400 is checked in full.
      const res = await ctx.client.send({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 101 } })
      const { status, body } = res.response
      if (status < 400 || status >= 500) ctx.fail({ location: 'status', pointer: '', keyword: 'status', message: 'limit above 100 must be refused with an error (4xx)', expected: '4xx (the spec: 400)', actual: status }, res)
      ctx.follows(`limit 101: ${status}${typeof body?.key === 'string' ? ` ${body.key}` : ' without key'}`)
      if (status === 400 && typeof body?.key === 'string') return ctx.expectResponse(res, { status: 400 })
      ctx.expectThat(res, '/code', (c) => c === status, `${status}, the HTTP status`, 'the error is in the Error format')
      ctx.expectThat(res, '/message', (m) => typeof m === 'string', 'a message', 'the error is in the Error format')
    },
  },
  {
    id: 'list.paging',
    title: 'listCampaigns pages are disjoint and consistent with a full listing',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 5,
    value: 2,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      if ((await checkPaging(ctx)) === 'moved' && (await checkPaging(ctx)) === 'moved') ctx.skip('the campaign list kept changing during the check (busy shared target)')
    },
  },
  {
    id: 'list.past-the-end',
    title: 'a listCampaigns page past the end is an empty array',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 2,
    value: 1,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      // Page 2 is past the end of a listing of fewer than 100 (the usual case): asked beside the first page, and used
      // only if the first page says so; otherwise the page past the end is asked afterwards.
      const second = early(list(ctx, { limit: 100, page: 2 }))
      const first = await list(ctx, { limit: 100 })
      const count = campaignIds(first).length
      const total: number | undefined = first.response.body.total
      const page = typeof total === 'number' ? Math.floor(total / 100) + 2 : count < 100 ? 2 : undefined
      if (page === undefined || page > 100) ctx.skip('too many campaigns to reach past the end within page 100')
      const res = page === 2 ? await second : await list(ctx, { limit: 100, page })
      ctx.expectField(res, '/campaigns', [], `page ${page} is past the end`)
    },
  },
  {
    id: 'list.total-matches-items',
    title: 'listCampaigns total counts the campaigns its pages hold',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 3,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      for (let attempt = 1; ; attempt++) {
        const pages: Exchange[] = []
        for (let page = 1; page <= MAX_TOTAL_PAGES; page++) {
          pages.push(await list(ctx, { limit: 100, page }))
          if (campaignIds(pages.at(-1)!).length < 100) break
        }
        const first = pages[0]
        const total = first.response.body.total
        if (typeof total !== 'number') ctx.skip('the target sends no total')
        if (total > MAX_TOTAL_PAGES * 100) ctx.skip(`${total} campaigns: more than ${MAX_TOTAL_PAGES} pages to count`)
        const counted = pages.reduce((n, p) => n + campaignIds(p).length, 0)
        if (counted === total) return
        // On a shared staging the list may change between pages: one more try before blaming the target.
        if (attempt === 1 && (await listingMoved(ctx, first))) continue
        ctx.fail({ pointer: '/total', message: 'total must equal the number of campaigns across the pages', expected: counted, actual: total }, first)
      }
    },
  },
  {
    id: 'list.newest-first',
    title: 'listCampaigns without order lists the newest campaign first',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      const res = await list(ctx, { limit: 100 })
      const campaigns: any[] = res.response.body.campaigns
      const i = campaigns.findIndex((c, k) => k > 0 && String(campaigns[k - 1].created_at) < String(c.created_at))
      if (i > 0) ctx.fail({ pointer: `/campaigns/${i}/created_at`, message: 'default order must be newest first', expected: `at most ${campaigns[i - 1].created_at}`, actual: campaigns[i].created_at }, res)
    },
  },
  ...orderChecks,
  {
    id: 'list.filter-campaign-type',
    title: 'listCampaigns campaign_type and is_referral_code filters return only matching campaigns',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 2,
    value: 1,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      const pendingReferral = early(list(ctx, { limit: 100, is_referral_code: true }))
      const promotions = await list(ctx, { limit: 100, campaign_type: 'PROMOTION' })
      promotions.response.body.campaigns.forEach((_: unknown, i: number) => ctx.expectField(promotions, `/campaigns/${i}/campaign_type`, 'PROMOTION'))
      const referral = await pendingReferral
      referral.response.body.campaigns.forEach((_: unknown, i: number) => ctx.expectField(referral, `/campaigns/${i}/campaign_type`, 'REFERRAL_PROGRAM'))
    },
  },
  {
    id: 'list.filter-name',
    title: 'listCampaigns filters[campaigns][conditions][$is] finds a campaign by name',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 2,
    value: 1,
    shares: { reads: ['campaign-list'] },
    async run(ctx) {
      const any = await list(ctx, { limit: 1 })
      const name: string | undefined = any.response.body.campaigns[0]?.name
      if (!name) ctx.skip('no campaign to look for')
      const res = await list(ctx, { limit: 100, 'filters[campaigns][conditions][$is]': name })
      ctx.expectThat(res, '/campaigns', (c) => Array.isArray(c) && c.length >= 1, 'at least the named campaign')
      res.response.body.campaigns.forEach((_: unknown, i: number) => ctx.expectField(res, `/campaigns/${i}/name`, name))
    },
  },
]
