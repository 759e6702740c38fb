import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { createCampaign, early, enc, waitUntilGenerated } from './support.js'

const FIELDS = ['id', 'type', 'source_id', 'amount', 'created_at']
const STATUS_ORDER = ['SCHEDULED', 'IN_PROGRESS', 'DONE']

const exportPath = (campaign: string): string => `/v1/campaigns/${enc(campaign)}/transactions/export`

/** A gift/loyalty campaign to export: a discovered one (it has transactions), else one this run creates. */
async function exportableCampaign(ctx: CheckContext): Promise<string> {
  if (ctx.ids.giftCampaignId) return ctx.ids.giftCampaignId
  const created = await createCampaign(ctx, 'GIFT_VOUCHERS', 'export')
  await waitUntilGenerated(ctx, created.response.body.id)
  return created.response.body.id
}

/** Polls getExport until DONE; statuses may only move forward SCHEDULED → IN_PROGRESS → DONE. */
async function waitUntilDone(ctx: CheckContext, exportId: string): Promise<Exchange> {
  let reached = 0
  return ctx.poll(
    async () => {
      const ex = await ctx.call({ operationId: 'getExport', method: 'GET', path: `/v1/exports/${enc(exportId)}` }, { status: 200 })
      const status: string = ex.response.body.status
      const rank = STATUS_ORDER.indexOf(status)
      if (rank < 0) ctx.fail({ pointer: '/status', message: 'the export failed or has an unknown status', expected: STATUS_ORDER, actual: status }, ex)
      if (rank < reached) ctx.fail({ pointer: '/status', message: `the export went back from ${STATUS_ORDER[reached]}`, expected: STATUS_ORDER.slice(reached), actual: status }, ex)
      reached = rank
      if (status === 'DONE') return { done: true, value: ex }
      ctx.expectField(ex, '/result', null, 'result stays null until the export is DONE')
      return { done: false, exchange: ex, problem: { pointer: '/status', message: `still ${status}`, expected: 'DONE', actual: status } }
    },
    { what: `export ${exportId} DONE` },
  )
}

const exportIds = (list: Exchange): string[] => (list.response.body.exports ?? []).map((e: any) => e?.id)

const ACCEPT_CSV = { accept: 'text/csv, text/plain;q=0.9, */*;q=0.1' }

/**
 * Downloads `result.url`: its token grants access (the real service); a target that also wants the app
 * keys gets them on a second try. text/csv or text/plain both pass.
 */
async function download(ctx: CheckContext, url: string): Promise<{ file: Exchange; auth: 'none' | 'app' }> {
  const open = await ctx.client.send({ operationId: 'getExport', method: 'GET', path: url, auth: 'none', headers: ACCEPT_CSV })
  const auth = open.response.status === 401 ? 'app' : 'none'
  const file = auth === 'app' ? await ctx.client.send({ operationId: 'getExport', method: 'GET', path: url, auth, headers: ACCEPT_CSV }) : open
  ctx.expectResponse(file, { status: 200, contentType: 'csv' })
  return { file, auth }
}

/** The header row as field names: a display name (`Source ID`) counts as its field (`source_id`). */
function csvHeader(text: string): string[] {
  return String(text).split(/\r?\n/)[0].split(',').map((h) => h.trim().replace(/^"|"$/g, '').trim().toLowerCase().replace(/[\s-]+/g, '_'))
}

export const exportChecks: Check[] = [
  {
    id: 'exports.lifecycle',
    title: 'export campaign transactions: SCHEDULED, progresses to DONE (listed so, newest first), result.url downloads a CSV with the requested fields, only with its token',
    operationIds: ['exportCampaignTransactions', 'getExport', 'listExports'],
    readOnly: false,
    uses: ['giftCampaignId'],
    requests: 18,
    value: 3,
    // `exports`: the two exports it makes are what exports.list reads back (a check that reads them waits for it).
    shares: { reads: ['gift-card'], changes: ['campaign-list', 'clock', 'exports'] },
    async run(ctx) {
      const campaignId = await exportableCampaign(ctx)
      const body = { parameters: { order: '-created_at', fields: FIELDS } }
      const scheduled = await ctx.call({ operationId: 'exportCampaignTransactions', method: 'POST', path: exportPath(campaignId), body }, { status: 200 })
      ctx.expectField(scheduled, '/status', 'SCHEDULED')
      ctx.expectField(scheduled, '/channel', 'API')
      ctx.expectField(scheduled, '/exported_object', 'voucher_transactions')
      ctx.expectField(scheduled, '/result', null)
      ctx.expectField(scheduled, '/user_id', null)
      ctx.expectField(scheduled, '/parameters/fields', FIELDS, 'the requested fields are echoed')
      ctx.expectField(scheduled, '/parameters/filters/campaign_id/conditions/$in', [campaignId], 'filters gain a campaign_id $in condition')
      // The real service's echo without filters may leave junction out.
      ctx.expectThat(scheduled, '/parameters/filters/junction', (j) => j === undefined || (typeof j === 'string' && j.toUpperCase() === 'AND'), 'AND (or absent)')
      if (scheduled.response.body.parameters?.filters?.junction === undefined) ctx.follows('export echo: filters without junction (real service)')

      const done = await waitUntilDone(ctx, scheduled.response.body.id)
      ctx.expectThat(done, '/result/url', (u) => typeof u === 'string' && /^https?:\/\//.test(u), 'an absolute URL', 'a DONE export links its file')
      const wrong = new URL(done.response.body.result.url)
      wrong.searchParams.set('token', `${wrong.searchParams.get('token') ?? ''}pk-wrong`)
      const withWrongToken = (auth: 'none' | 'app') => ctx.client.send({ operationId: 'getExport', method: 'GET', path: wrong.toString(), auth, headers: ACCEPT_CSV })
      const list = () => ctx.call({ operationId: 'listExports', method: 'GET', path: '/v1/exports', query: { limit: 100, order: '-created_at' } }, { status: 200 })
      // Once it is DONE, side by side: its download, one with a wrong token (as the download goes: its token alone,
      // asked again with the app keys where the target wants them) and the listing; judged in this order.
      const [pendingRefused, pendingListed] = [early(withWrongToken('none')), early(list())]
      const { file, auth } = await download(ctx, done.response.body.result.url)
      const header = csvHeader(file.response.text)
      ctx.follows(/text\/csv/i.test(file.response.headers['content-type'] ?? '') ? 'download: text/csv (API description)' : 'download: text/plain (real service)')
      ctx.follows(auth === 'none' ? 'download: its token alone opens it (real service)' : 'download: needs the app keys besides its token')
      if (/\s/.test(String(file.response.text).split(/\r?\n/)[0])) ctx.follows('CSV header: display names (real service)')
      if (header.join() !== FIELDS.join()) ctx.fail({ location: 'body', pointer: '', message: 'the CSV header must list exactly the requested fields (names or display names)', expected: FIELDS.join(','), actual: header.join(',') }, file)
      const refused = auth === 'none' ? await pendingRefused : await withWrongToken(auth)
      if (refused.response.status < 400) ctx.fail({ location: 'status', pointer: '', message: 'a download with a wrong token must be refused', expected: '401', actual: refused.response.status }, refused)
      const listed = await pendingListed
      // The spec's listExports lists the exports "with their current status": DONE is final, so the list must agree.
      const index = exportIds(listed).indexOf(done.response.body.id)
      if (index < 0) ctx.fail({ pointer: '/exports', message: 'listExports lists the export just made among the 100 newest', expected: done.response.body.id, actual: exportIds(listed) }, listed)
      ctx.expectField(listed, `/exports/${index}/status`, 'DONE', 'listExports shows an export\'s current status (as getExport reads it)')
      ctx.expectField(listed, `/exports/${index}/result`, done.response.body.result, 'listExports shows the result getExport reads')
      // A second export, scheduled after the first is DONE: order=-created_at lists it first.
      const later = await ctx.call({ operationId: 'exportCampaignTransactions', method: 'POST', path: exportPath(campaignId), body }, { status: 200 })
      const both = await list()
      const [newer, older] = [later, done].map((ex) => exportIds(both).indexOf(ex.response.body.id))
      if (Date.parse(later.response.body.created_at) > Date.parse(done.response.body.created_at) && !(newer >= 0 && newer < older)) {
        ctx.fail({ pointer: '/exports', message: 'order=-created_at lists the newer export first', expected: [later.response.body.id, done.response.body.id], actual: exportIds(both) }, both)
      }
    },
  },
  {
    id: 'exports.non-gift-campaign-403',
    title: 'exporting transactions of a campaign that is neither gift nor loyalty gets 403 forbidden',
    operationIds: ['exportCampaignTransactions'],
    readOnly: false,
    requests: 4,
    value: 1,
    shares: { changes: ['campaign-list'] },
    prepare: (ctx) => createCampaign(ctx, 'PROMOTION', 'no-export'),
    async run(ctx) {
      const promotion = await ctx.prepared<Exchange>()
      const res = await ctx.call({ operationId: 'exportCampaignTransactions', method: 'POST', path: exportPath(promotion.response.body.id), body: { parameters: { fields: FIELDS } } }, { status: 403 })
      ctx.expectField(res, '/key', 'forbidden')
    },
  },
  {
    id: 'exports.unknown-campaign-404',
    title: 'exporting transactions of an unknown campaign gets 404',
    operationIds: ['exportCampaignTransactions'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'exportCampaignTransactions', method: 'POST', path: exportPath('camp_pkUnknown000000000000'), body: { parameters: { fields: FIELDS } } }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
  {
    id: 'exports.get-unknown-404',
    title: 'reading an unknown export gets 404',
    operationIds: ['getExport'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      await ctx.call({ operationId: 'getExport', method: 'GET', path: '/v1/exports/exp_pkUnknown000000000000' }, { status: 404 })
    },
  },
]
