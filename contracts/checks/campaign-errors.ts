import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { campaignBody } from './campaign-bodies.js'
import { campaignIds, campaignPath, createCampaign } from './support.js'

const UNKNOWN_CAMPAIGN = 'camp_pkUnknown000000000000'

/** The description names `invalid_campaign`; the real service also answers `invalid_payload`: both pass. */
const INVALID_BODY_KEYS = ['invalid_campaign', 'invalid_payload']

function expectInvalidKey(ctx: CheckContext, res: Exchange): void {
  ctx.expectThat(res, '/key', (k) => INVALID_BODY_KEYS.includes(k), INVALID_BODY_KEYS.join(' or '), 'an invalid body is refused with a documented key')
  ctx.follows(res.response.body.key === 'invalid_campaign' ? 'invalid body: key invalid_campaign (API description)' : 'invalid body: key invalid_payload (real service)')
}

/** A refused create leaves nothing behind: no campaign of that name is listed. */
async function expectNotCreated(ctx: CheckContext, name: string): Promise<void> {
  const listed = await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 10, 'filters[campaigns][conditions][$is]': name } }, { status: 200 })
  const found = campaignIds(listed)
  if (found.length > 0) {
    found.forEach((id) => ctx.cleanup.deleteCampaign(id))
    ctx.fail({ pointer: '/campaigns', message: 'a refused create must not create the campaign', expected: `no campaign named ${name}`, actual: found }, listed)
  }
}

export const campaignErrorChecks: Check[] = [
  {
    id: 'campaigns.duplicate-name-409',
    title: 'a second campaign with the same name gets 409 duplicate_found naming it',
    operationIds: ['createCampaign'],
    readOnly: false,
    requests: 4,
    value: 2,
    shares: { changes: ['campaign-list'] },
    prepare: (ctx) => createCampaign(ctx, 'PROMOTION', 'duplicate'),
    async run(ctx) {
      const first = await ctx.prepared<Exchange>()
      const name: string = first.response.body.name
      const body = campaignBody('PROMOTION', { name, tag: ctx.tag })
      const second = await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 409 })
      ctx.expectField(second, '/key', 'duplicate_found')
      ctx.expectField(second, '/resource_id', name, 'resource_id holds the duplicated name')
      ctx.expectField(second, '/resource_type', 'campaign')
    },
  },
  {
    id: 'campaigns.invalid-body-400',
    title: 'an invalid Create Campaign body gets 400 (invalid_campaign or invalid_payload) and creates nothing',
    operationIds: ['createCampaign', 'listCampaigns'],
    readOnly: false,
    requests: 2,
    value: 1,
    shares: { changes: ['campaign-list'] },
    async run(ctx) {
      const name = ctx.name('invalid')
      const body = { ...campaignBody('DISCOUNT_COUPONS', { name, tag: ctx.tag }), vouchers_count: 'three' }
      const res = await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 400 })
      expectInvalidKey(ctx, res)
      await expectNotCreated(ctx, name)
    },
  },
  {
    id: 'campaigns.referral-without-discount-400',
    title: 'a referral campaign without voucher.discount gets 400 saying discount is required, and creates nothing',
    operationIds: ['createCampaign', 'listCampaigns'],
    readOnly: false,
    requests: 2,
    value: 1,
    shares: { changes: ['campaign-list'] },
    async run(ctx) {
      const body = campaignBody('REFERRAL_PROGRAM', { name: ctx.name('no-discount'), tag: ctx.tag })
      delete body.voucher.discount
      const res = await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 400 })
      expectInvalidKey(ctx, res)
      const text = `${res.response.body.message ?? ''} ${res.response.body.details ?? ''}`
      if (!/discount/i.test(text)) ctx.fail({ pointer: '/details', message: 'the error must say that discount is required', expected: 'a message mentioning "discount"', actual: res.response.body.details }, res)
      await expectNotCreated(ctx, body.name)
    },
  },
  {
    id: 'campaigns.unknown-category-404',
    title: 'a campaign referencing an unknown category gets 404 not_found (resource_type category)',
    operationIds: ['createCampaign'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: { changes: ['campaign-list'] },
    async run(ctx) {
      const categoryId = 'cat_pkUnknown000000000000'
      const body = { ...campaignBody('PROMOTION', { name: ctx.name('no-category'), tag: ctx.tag }), category_id: categoryId }
      const res = await ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
      ctx.expectField(res, '/resource_type', 'category')
      ctx.expectField(res, '/resource_id', categoryId)
    },
  },
  {
    id: 'campaigns.get-unknown-404',
    title: 'reading an unknown campaign gets 404 not_found',
    operationIds: ['getCampaign'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(UNKNOWN_CAMPAIGN) }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
  {
    id: 'campaigns.delete-unknown-404',
    title: 'deleting an unknown campaign gets 404 not_found',
    operationIds: ['deleteCampaign'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call({ operationId: 'deleteCampaign', method: 'DELETE', path: campaignPath(UNKNOWN_CAMPAIGN) }, { status: 404 })
      ctx.expectField(res, '/key', 'not_found')
    },
  },
]
