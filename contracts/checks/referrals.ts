import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { early, enc, isSorted } from './support.js'

const byCampaign = (ctx: CheckContext, query: Record<string, string | number | undefined>, member = ctx.ids.referralMemberId!, status = 200): Promise<Exchange> =>
  ctx.call({ operationId: 'listReferralCodeHolders', method: 'GET', path: `/v1/referrals/${enc(ctx.ids.referralCampaignId!)}/members/${enc(member)}/holders`, query }, { status })

const holderIds = (ex: Exchange): string[] => (ex.response.body?.data ?? []).map((h: any) => h?.id)

/**
 * The full holders listing of the referral code; a code without holders proves nothing about holders, so the
 * check is skipped and says so (discovery picks a code with holders; a given --referral-member-id may have none).
 */
async function allHolders(ctx: CheckContext): Promise<Exchange> {
  const path = `/v1/referrals/${enc(ctx.ids.referralCampaignId!)}/members/${enc(ctx.ids.referralMemberId!)}/holders`
  const full = await ctx.client.send({ operationId: 'listReferralCodeHolders', method: 'GET', path, query: { limit: 100, order: 'id' } })
  if (full.response.status === 404 || (full.response.status === 200 && holderIds(full).length === 0)) {
    const why = await whyNoHolders(ctx)
    // A 404 for a code the target itself shows in that campaign is the target's fault, not the flag's.
    if (why.unusable || full.response.status === 200) ctx.skip(why.reason)
  }
  ctx.expectResponse(full, { status: 200 })
  return full
}

/**
 * Discovery only picks codes with holders, so an empty code is the one given with --referral-member-id: the
 * reason says what that code is on the target (unknown, of another campaign, or without holders), never that
 * no code was passed.
 */
async function whyNoHolders(ctx: CheckContext): Promise<{ reason: string; unusable: boolean }> {
  const code = ctx.ids.referralMemberId!
  const campaign = ctx.ids.referralCampaignId!
  const voucher = await ctx.client.send({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(code)}` })
  if (voucher.response.status === 404) return { reason: `the referral code ${code} (--referral-member-id) does not exist on the target`, unusable: true }
  const owner = voucher.response.body?.campaign_id
  if (voucher.response.status === 200 && typeof owner === 'string' && owner !== campaign) return { reason: `the referral code ${code} (--referral-member-id) belongs to ${owner}, not to ${campaign} (--referral-campaign-id)`, unusable: true }
  return { reason: `the referral code ${code} (--referral-member-id) of ${campaign} has no holders; pass a code that has some`, unusable: false }
}

export const referralChecks: Check[] = [
  {
    id: 'referrals.holders-cursor-paging',
    title: 'referral code holders page with starting_after_id / more_starting_after to the same list as one big page',
    operationIds: ['listReferralCodeHolders'],
    readOnly: true,
    needs: ['referralCampaignId', 'referralMemberId'],
    requests: 5,
    value: 2,
    shares: { reads: ['referral-holders'] },
    async run(ctx) {
      const full = await allHolders(ctx)
      const all = holderIds(full)
      if (full.response.body.has_more === false && full.response.body.total !== all.length) {
        ctx.fail({ pointer: '/total', message: 'total must count the holders of the code', expected: all.length, actual: full.response.body.total }, full)
      }
      if (all.length < 2) ctx.skip(`the referral code has ${all.length} holder(s); cursor paging needs 2`)
      // About three pages whatever the number of holders: enough to prove the cursor, few requests on a slow target.
      const size = Math.max(1, Math.ceil(all.length / 3))
      const collected: string[] = []
      let cursor: string | undefined
      for (let page = 1; page <= all.length + 1; page++) {
        const res = await byCampaign(ctx, { limit: size, order: 'id', starting_after_id: cursor })
        const ids = holderIds(res)
        if (ids.length > size) ctx.fail({ pointer: '/data', message: `limit ${size} must return at most ${size} holders`, expected: size, actual: ids.length }, res)
        for (const id of ids) {
          if (collected.includes(id)) ctx.fail({ pointer: '/data/0/id', message: `page ${page} repeats a holder (cursor pages must be disjoint)`, actual: id }, res)
          collected.push(id)
        }
        if (res.response.body.has_more !== true) break
        ctx.expectThat(res, '/more_starting_after', (v) => typeof v === 'string' && v.length > 0, 'the cursor of the next page', 'has_more true needs more_starting_after')
        cursor = res.response.body.more_starting_after
      }
      if (collected.join() !== all.join()) ctx.fail({ pointer: '/data', message: 'the cursor pages together must equal the full listing', expected: all, actual: collected }, full)
    },
  },
  {
    id: 'referrals.holders-order',
    title: 'referral code holders order=id and order=-id sort by id',
    operationIds: ['listReferralCodeHolders'],
    readOnly: true,
    needs: ['referralCampaignId', 'referralMemberId'],
    requests: 2,
    value: 1,
    shares: { reads: ['referral-holders'] },
    async run(ctx) {
      // Three reads of one listing, side by side; judged in turn.
      const sorted = ['id', '-id'].map((order) => ({ order, pending: early(byCampaign(ctx, { limit: 100, order })) }))
      await allHolders(ctx)
      for (const { order, pending } of sorted) {
        const res = await pending
        const sign = order === 'id' ? 1 : -1
        if (!isSorted(holderIds(res), (a, b) => sign * (a < b ? -1 : a > b ? 1 : 0))) ctx.fail({ pointer: '/data', message: `holders are not sorted by ${order}`, actual: holderIds(res) }, res)
      }
    },
  },
  {
    id: 'referrals.member-holders',
    title: 'holders of a referral code are holders of that code (redeemable_id), and the path without the campaign lists the same',
    operationIds: ['listMemberHolders', 'listReferralCodeHolders', 'getVoucher'],
    readOnly: true,
    needs: ['referralCampaignId', 'referralMemberId'],
    requests: 3,
    value: 2,
    shares: { reads: ['referral-holders'] },
    async run(ctx) {
      // Three reads, side by side; judged in turn.
      const path = `/v1/referrals/members/${enc(ctx.ids.referralMemberId!)}/holders`
      const [pendingCode, pendingOther] = [
        early(ctx.call({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${enc(ctx.ids.referralMemberId!)}` }, { status: 200 })),
        early(ctx.call({ operationId: 'listMemberHolders', method: 'GET', path, query: { limit: 100, order: 'id' } }, { status: 200 })),
      ]
      const scoped = await allHolders(ctx)
      const code = await pendingCode
      scoped.response.body.data.forEach((_h: unknown, i: number) => {
        ctx.expectField(scoped, `/data/${i}/redeemable_id`, code.response.body.id, `a holder of ${ctx.ids.referralMemberId} holds that code (its voucher id)`)
        ctx.expectField(scoped, `/data/${i}/campaign_id`, ctx.ids.referralCampaignId, 'a holder of the code is in its campaign')
      })
      const res = await pendingOther
      ctx.expectField(res, '/data', scoped.response.body.data, 'both paths list the same holders')
    },
  },
  {
    id: 'referrals.unknown-member-404',
    title: 'holders of an unknown referral code get 404',
    operationIds: ['listReferralCodeHolders', 'listMemberHolders'],
    readOnly: true,
    needs: ['referralCampaignId'],
    requests: 2,
    value: 1,
    shares: {},
    async run(ctx) {
      const unknown = 'PK-UNKNOWN-CODE-0000'
      const other = early(ctx.call({ operationId: 'listMemberHolders', method: 'GET', path: `/v1/referrals/members/${unknown}/holders` }, { status: 404 }))
      await byCampaign(ctx, { limit: 10 }, unknown, 404)
      await other
    },
  },
]
