import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { DEFAULT_PATTERN, DEFAULT_VOUCHERS, patternRegExp, type CampaignType } from './campaign-bodies.js'
import { deleteCampaignAndWait } from '../delete-campaign.js'
import { campaignIds, campaignPath, createCampaign, early, enc, waitUntilGenerated } from './support.js'

const POLL_DELETE_MS = 60_000

const VOUCHER_TYPES: { type: CampaignType; slug: string; voucherType: string }[] = [
  { type: 'DISCOUNT_COUPONS', slug: 'discount-coupons', voucherType: 'DISCOUNT_VOUCHER' },
  { type: 'GIFT_VOUCHERS', slug: 'gift-vouchers', voucherType: 'GIFT_VOUCHER' },
  { type: 'LOYALTY_PROGRAM', slug: 'loyalty-program', voucherType: 'LOYALTY_CARD' },
  { type: 'REFERRAL_PROGRAM', slug: 'referral-program', voucherType: 'DISCOUNT_VOUCHER' },
]

const ACTION_STATUSES = ['ENQUEUED', 'IN_PROGRESS', 'DONE']

/**
 * The async action a 202 deletion names (the real service §8.1: GET /v1/async-actions/{id}, status ENQUEUED →
 * IN_PROGRESS → DONE, progress 0-100) reaches DONE with progress 100, never moving back on the way.
 */
async function actionDone(ctx: CheckContext, actionId: string): Promise<void> {
  let reached = { rank: 0, progress: 0 }
  await ctx.poll(async () => {
    const ex = await ctx.call({ operationId: 'getAsyncAction', method: 'GET', path: `/v1/async-actions/${enc(actionId)}` }, { status: 200 })
    const { status, progress } = ex.response.body
    const rank = ACTION_STATUSES.indexOf(status)
    if (rank < 0) ctx.fail({ pointer: '/status', message: 'the deletion\'s async action failed or has an unknown status', expected: ACTION_STATUSES, actual: status }, ex)
    if (rank < reached.rank || progress < reached.progress) ctx.fail({ pointer: progress < reached.progress ? '/progress' : '/status', message: 'an async action never moves back', expected: `at least ${ACTION_STATUSES[reached.rank]}, ${reached.progress}%`, actual: `${status}, ${progress}%` }, ex)
    reached = { rank, progress }
    if (status !== 'DONE') return { done: false, exchange: ex, problem: { pointer: '/status', message: `still ${status}`, expected: 'DONE', actual: status } }
    ctx.expectField(ex, '/progress', 100, 'a DONE async action is at 100%')
    return { done: true, value: ex }
  }, { what: `async action ${actionId} of the deletion DONE`, timeoutMs: POLL_DELETE_MS })
}

/** Create (the check's preparation) → IN_PROGRESS with 0 vouchers → polled to DONE with every voucher generated from the pattern. */
async function voucherCampaignHappyPath(ctx: CheckContext, type: CampaignType, voucherType: string): Promise<void> {
  const created = await ctx.prepared<Exchange>()
  const id: string = created.response.body.id
  ctx.expectField(created, '/campaign_type', type)
  // Generation is asynchronous, but a fast target may be DONE already when it answers the create.
  const status = created.response.body.creation_status
  ctx.expectThat(created, '/creation_status', (s) => s === 'IN_PROGRESS' || s === 'DONE', 'IN_PROGRESS (or DONE on a fast target)')
  ctx.expectField(created, '/vouchers_generation_status', status, 'the generation status follows the creation status')
  ctx.follows(status === 'DONE' ? 'create answer: already DONE (real service, a fast target)' : 'create answer: IN_PROGRESS (API description)')
  if (status === 'DONE') ctx.expectField(created, '/vouchers_count', DEFAULT_VOUCHERS, 'a DONE campaign counts every generated voucher')
  else ctx.expectThat(created, '/vouchers_count', (n) => Number.isInteger(n) && n >= 0 && n < DEFAULT_VOUCHERS, `0..${DEFAULT_VOUCHERS - 1} while generating`, 'vouchers_count counts what is generated so far')
  ctx.expectField(created, '/active', true, 'active is true unless sent false')
  ctx.expectField(created, '/auto_join', false, 'auto_join is false when not sent')
  ctx.expectField(created, '/voucher/type', voucherType)
  ctx.expectField(created, '/metadata/promokit_run', ctx.runId)
  if (type === 'REFERRAL_PROGRAM') ctx.expectField(created, '/voucher/is_referral_code', true)

  const done = await waitUntilGenerated(ctx, id)
  ctx.expectField(done, '/creation_status', 'DONE')
  ctx.expectField(done, '/vouchers_count', DEFAULT_VOUCHERS, 'vouchers_count is the number generated')
  ctx.expectThat(done, '/voucher/code_config/length', (v) => Number.isInteger(v) && v > 0, 'a positive integer', 'the response code_config adds length')
  ctx.expectThat(done, '/voucher/code_config/charset', (v) => typeof v === 'string' && v.length > 0, 'a charset string', 'the response code_config adds charset')
}

const happyPaths: Check[] = VOUCHER_TYPES.map(({ type, slug, voucherType }) => ({
  id: `campaigns.create-${slug}`,
  title: `create a ${type} campaign and watch its vouchers being generated until DONE`,
  operationIds: ['createCampaign', 'getCampaign'],
  readOnly: false,
  requests: 6,
  value: 3,
  shares: { changes: ['campaign-list', 'clock'] },
  prepare: (ctx) => createCampaign(ctx, type, type.toLowerCase()),
  run: (ctx) => voucherCampaignHappyPath(ctx, type, voucherType),
}))

export const campaignChecks: Check[] = [
  ...happyPaths,
  {
    id: 'campaigns.create-promotion',
    title: 'create a PROMOTION campaign: DONE at once, tiers with promo_ ids and hierarchy 1..n',
    operationIds: ['createCampaign', 'getCampaign'],
    readOnly: false,
    requests: 4,
    value: 3,
    shares: { changes: ['campaign-list'] },
    prepare: (ctx) => createCampaign(ctx, 'PROMOTION', 'promotion'),
    async run(ctx) {
      const created = await ctx.prepared<Exchange>()
      const id: string = created.response.body.id
      ctx.expectField(created, '/creation_status', 'DONE', 'a PROMOTION campaign is DONE at once')
      // The description: ISO 8601 UTC with milliseconds (the real service sends them too).
      ctx.expectThat(created, '/created_at', (t) => typeof t === 'string' && /T\d\d:\d\d:\d\d\.\d{3}Z$/.test(t), 'an ISO 8601 UTC timestamp with milliseconds')
      ctx.expectField(created, '/promotion/total', 2)
      ctx.expectField(created, '/promotion/tiers/0/name', 'Tier one')
      ctx.expectField(created, '/promotion/tiers/0/hierarchy', 1, 'tiers are numbered in request order')
      ctx.expectField(created, '/promotion/tiers/1/hierarchy', 2, 'tiers are numbered in request order')
      ctx.expectField(created, '/promotion/tiers/0/campaign/id', id, 'a tier carries its parent campaign')
      const read = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) }, { status: 200 })
      ctx.expectField(read, '/id', id)
      ctx.expectField(read, '/name', created.response.body.name)
    },
  },
  {
    id: 'campaigns.update',
    title: 'update a campaign: the fields sent change, the name stays, getCampaign reads the change',
    operationIds: ['createCampaign', 'updateCampaign', 'getCampaign'],
    readOnly: false,
    requests: 5,
    value: 3,
    shares: { changes: ['campaign-list'] },
    prepare: (ctx) => createCampaign(ctx, 'PROMOTION', 'update'),
    async run(ctx) {
      const created = await ctx.prepared<Exchange>()
      const { id, name } = created.response.body
      const body = { description: 'updated by promokit', expiration_date: '2099-12-31T23:59:59.000Z', metadata: { pk_updated: 'yes' } }
      const updated = await ctx.call({ operationId: 'updateCampaign', method: 'PUT', path: campaignPath(id), body }, { status: 200 })
      ctx.expectField(updated, '/id', id)
      ctx.expectField(updated, '/name', name, 'an update does not rename the campaign')
      ctx.expectField(updated, '/description', body.description)
      ctx.expectThat(updated, '/expiration_date', (t) => Date.parse(t) === Date.parse(body.expiration_date), body.expiration_date)
      ctx.expectField(updated, '/metadata/pk_updated', 'yes')
      const read = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) }, { status: 200 })
      ctx.expectField(read, '/description', body.description, 'getCampaign reads what the update set')
      ctx.expectField(read, '/metadata/pk_updated', 'yes', 'getCampaign reads what the update set')
    },
  },
  {
    id: 'vouchers.generated-codes',
    title: 'the vouchers of a generated campaign follow its code pattern and can be read one by one (by code; by id where served)',
    operationIds: ['createCampaign', 'listVouchers', 'getVoucher'],
    readOnly: false,
    requests: 9,
    value: 3,
    shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] },
    // The campaign, generated, and its listed vouchers: the preparation (made ahead side by side); the run judges the list.
    async prepare(ctx) {
      const created = await createCampaign(ctx, 'DISCOUNT_COUPONS', 'codes')
      const id: string = created.response.body.id
      await waitUntilGenerated(ctx, id)
      return { id, list: await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: id, limit: 100 } }, { status: 200 }) }
    },
    async run(ctx) {
      const { id, list } = await ctx.prepared<{ id: string; list: Exchange }>()
      ctx.expectThat(list, '/vouchers', (v) => Array.isArray(v) && v.length === DEFAULT_VOUCHERS, `${DEFAULT_VOUCHERS} vouchers`, 'listVouchers?campaign_id= lists the campaign\'s vouchers')
      const vouchers: any[] = list.response.body.vouchers
      const pattern = patternRegExp(DEFAULT_PATTERN)
      vouchers.forEach((v, i) => {
        ctx.expectField(list, `/vouchers/${i}/campaign_id`, id)
        ctx.expectThat(list, `/vouchers/${i}/code`, (c) => typeof c === 'string' && pattern.test(c), `a code matching ${DEFAULT_PATTERN}`)
      })
      if (new Set(vouchers.map((v) => v.code)).size !== vouchers.length) ctx.fail({ pointer: '/vouchers', message: 'codes must be unique', actual: vouchers.map((v) => v.code) }, list)
      // The spec reads a voucher by code or id; the seed and the real service's notes name only the code: a 404 for
      // the id passes, another voucher does not. Two reads of one voucher: side by side.
      const [byCode, byId] = await Promise.all([
        ctx.client.send({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(vouchers[0].code)}` }),
        ctx.client.send({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(vouchers[0].id)}` }),
      ])
      ctx.expectResponse(byCode, { status: 200 })
      ctx.expectField(byCode, '/code', vouchers[0].code)
      ctx.expectField(byCode, '/campaign_id', id)
      ctx.expectResponse(byId, { status: [200, 404] })
      ctx.follows(`voucher read by its id: ${byId.response.status}`)
      if (byId.response.status === 200) ctx.expectField(byId, '/code', vouchers[0].code, 'a voucher read by its id is that voucher')
    },
  },
  {
    id: 'campaigns.delete',
    title: 'delete a campaign (force): 204, or 202 and gone soon after (its async action DONE at 100%); then 404 and no longer listed',
    operationIds: ['createCampaign', 'deleteCampaign', 'getCampaign', 'listCampaigns', 'getAsyncAction'],
    readOnly: false,
    requests: 6,
    value: 3,
    shares: { changes: ['campaign-list', 'clock'] },
    prepare: (ctx) => createCampaign(ctx, 'PROMOTION', 'delete-me'),
    async run(ctx) {
      const created = await ctx.prepared<Exchange>()
      const { id, name } = created.response.body
      // The API description answers 204; the real service 202 and deletes asynchronously: both, polled until gone.
      const deleted = await deleteCampaignAndWait(ctx.client, id, { wait: ctx.wait, timeoutMs: POLL_DELETE_MS }).catch(async (error: Error) => {
        const still = await ctx.client.send({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) })
        return ctx.fail({ pointer: '', message: `the deletion did not complete: ${error.message}`, expected: 404, actual: still.response.status }, still)
      })
      ctx.cleanup.forgetCampaign(id)
      const { accepted, gone } = deleted
      if (!accepted || !gone) return ctx.fail({ pointer: '', message: 'DELETE of a campaign just created must be accepted, not answered 404' })
      ctx.expectResponse(accepted, { status: [202, 204] })
      ctx.follows(accepted.response.status === 204 ? 'delete: 204 (API description)' : 'delete: 202 + async_action_id, deleted asynchronously (real service)')
      ctx.expectResponse(gone, { status: 404 })
      ctx.expectField(gone, '/key', 'not_found')
      // Once it is gone: the listing and the deletion's async action, side by side (judged in this order).
      const actionId = accepted.response.body?.async_action_id
      const action = accepted.response.status === 202 && typeof actionId === 'string' ? early(actionDone(ctx, actionId)) : undefined
      const listed = await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 10, 'filters[campaigns][conditions][$is]': name } }, { status: 200 })
      if (campaignIds(listed).includes(id)) ctx.fail({ pointer: '/campaigns', message: 'a deleted campaign must no longer be listed', expected: `no campaign with id ${id}`, actual: campaignIds(listed) }, listed)
      await action
    },
  },
]
