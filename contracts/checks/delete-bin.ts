import type { Check, CheckContext } from '../check.js'
import { deleteCampaignAndWait } from '../delete-campaign.js'
import { campaignBody } from './campaign-bodies.js'
import { campaignIds, campaignPath, createCampaign, early, enc, waitUntilGenerated } from './support.js'

/** How long a deletion may take, retries while generating included. */
const DELETE_TIMEOUT_MS = 60_000

interface Deleted {
  id: string
  name: string
  code: string
  force: boolean
}

/**
 * Deletion without and with `force` (issue 25 §1; the spec's deleteCampaign, the real service's §8.1). Once the
 * deletion is done, both campaigns answer 404 `not_found`, are no longer listed and their vouchers are no longer
 * found. Without force the campaign is in the bin, where its name stays taken: creating another campaign with it
 * is refused (4xx; the spec says 409); with force it is removed for good and the name can be used again.
 */
export const deleteBinChecks: Check[] = [{
  id: 'campaigns.delete-to-bin',
  title: 'delete without force: gone from reads, lists and voucher look-ups, its name still taken (the bin); with force: gone, the name free again',
  operationIds: ['createCampaign', 'listVouchers', 'deleteCampaign', 'getCampaign', 'getVoucher', 'listCampaigns'],
  readOnly: false,
  requests: 20,
  value: 2,
  shares: { changes: ['campaign-list', 'clock'] },
  prepare: (ctx) => Promise.all([false, true].map((force) => created(ctx, force))),
  async run(ctx) {
    const campaigns = await ctx.prepared<Deleted[]>()
    // Each name is tried again as soon as its campaign is gone, beside the look-ups of that deletion; the names are
    // judged once both deletions are.
    const names: Promise<void>[] = []
    await Promise.all(campaigns.map((c) => deleted(ctx, c, () => names.push(early(nameAfterwards(ctx, c))))))
    await Promise.all(names)
  },
}]

/** A coupon campaign of one voucher, generated, with that voucher's code. */
async function created(ctx: CheckContext, force: boolean): Promise<Deleted> {
  const { id, name } = (await createCampaign(ctx, 'DISCOUNT_COUPONS', force ? 'delete-forced' : 'delete-to-bin', { vouchersCount: 1 })).response.body
  await waitUntilGenerated(ctx, id)
  const list = await ctx.call({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: id, limit: 1 } }, { status: 200 })
  const code = list.response.body.vouchers?.[0]?.code
  if (typeof code !== 'string') ctx.fail({ pointer: '/vouchers/0/code', message: 'listVouchers?campaign_id= lists the voucher the campaign generated', expected: 'a code', actual: code }, list)
  return { id, name, code, force }
}

/** `then`: called once the campaign is gone, to start what may be sent only then. */
async function deleted(ctx: CheckContext, c: Deleted, then: () => void): Promise<void> {
  const how = c.force ? 'deleted with force' : 'deleted without force (in the bin)'
  const { accepted, gone } = await deleteCampaignAndWait(ctx.client, c.id, { wait: ctx.wait, timeoutMs: DELETE_TIMEOUT_MS, force: c.force }).catch(async (error: Error) => {
    const still = await ctx.client.send({ operationId: 'getCampaign', method: 'GET', path: campaignPath(c.id) })
    return ctx.fail({ pointer: '', message: `the deletion ${c.force ? 'with' : 'without'} force did not complete: ${error.message}`, expected: 404, actual: still.response.status }, still)
  })
  ctx.cleanup.forgetCampaign(c.id)
  if (!c.force) ctx.cleanup.keep(`campaign ${c.name} (${c.id}) in the bin: deleted without force, as the check must`)
  if (!accepted || !gone) return ctx.fail({ pointer: '', message: `DELETE of a campaign just created must be accepted, not answered 404 (${how})` })
  ctx.expectResponse(accepted, { status: [202, 204] })
  ctx.expectField(gone, '/key', 'not_found', `a campaign ${how} answers 404 not_found`)
  then()
  const [voucher, listed] = await Promise.all([
    ctx.client.send({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(c.code)}` }),
    ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 10, 'filters[campaigns][conditions][$is]': c.name } }, { status: 200 }),
  ])
  if (voucher.response.status !== 404) ctx.fail({ location: 'status', pointer: '', message: `the vouchers of a campaign ${how} are no longer found`, expected: 404, actual: voucher.response.status }, voucher)
  ctx.expectResponse(voucher, { status: 404 })
  if (campaignIds(listed).includes(c.id)) ctx.fail({ pointer: '/campaigns', message: `a campaign ${how} is no longer listed`, expected: `no campaign with id ${c.id}`, actual: campaignIds(listed) }, listed)
}

/** The bin keeps the name taken; a forced deletion frees it. */
async function nameAfterwards(ctx: CheckContext, c: Deleted): Promise<void> {
  const body = campaignBody('PROMOTION', { name: c.name, tag: ctx.tag })
  if (c.force) {
    await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 200 })
    return
  }
  const again = await ctx.client.send({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body })
  if (again.response.status === 200 && typeof again.response.body?.id === 'string') ctx.cleanup.deleteCampaign(again.response.body.id)
  if (again.response.status < 400 || again.response.status >= 500) {
    ctx.fail({ location: 'status', pointer: '', message: `the name of a campaign in the bin stays taken: creating another campaign named ${c.name} must be refused (the spec: 409)`, expected: '4xx', actual: again.response.status }, again)
  }
  ctx.expectResponse(again)
}
