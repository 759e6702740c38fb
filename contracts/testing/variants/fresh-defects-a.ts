import { copy, dropQuery, dropRequestBody, set, setQuery } from './defect-faults.js'
import type { Defect } from './defects.js'
import { combine, onRequest, onResponse } from './rewrites.js'
import type { Behaviour, WrapContext, WrappedRequest } from './wrap-mock.js'

/**
 * Issue 25, "it misses defects it was not shown": 20 fresh defects written blind (without reading the checks),
 * one small mistake each that an implementer of the real service could make, over update semantics, paging and
 * filters, voucher redemption lists, rollback effects, validation rules on create, deletes and async jobs. Each
 * names the promise it breaks (`promise`: the seed, the real-service notes, or the spec where those are silent).
 * Faults of the mock's own engine where a fixed edit is the mistake; the test-only wrapper where the mistake
 * depends on an earlier request (what a rollback or a delete left behind) or on a value of the answer.
 *
 * Blind measurement (whole suite, before any change to the checks, fresh-defects-a.test.ts): 10 of 20 caught.
 * Caught: created_at moved on campaign update (updates.updateCampaign); on reward assignment update
 * (updates.updateRewardAssignment); exports order forced to created_at (invalid.listExports: only because the
 * forced order also hides an invalid one, no check of the order); redemption result filter dropped
 * (invalid.listRedemptions: likewise an invalid value let through, no check of the filter); template cursor
 * ignored (lists.listCampaignTemplates, templates.list-v1); has_more false (lists.listProjectCampaignTemplates,
 * templates.list-management); holders limit clamped (invalid.listMemberHolders); gift credits not refunded
 * (checkout.rollback-restores); force ignored (campaigns.delete-to-bin, invalid.deleteCampaign); vouchers
 * outliving a delete (campaigns.delete-to-bin). Missed: dates not reaching vouchers, unset_metadata_fields,
 * holders cursor from the first holder, redeemed_quantity 0, entries oldest first, a use not given back, points
 * not refunded, tier validation_rules dropped, export list stale, async action progress (getAsyncAction never
 * read by the suite: no fault fired).
 *
 * Withdrawn on the audit after the blind run: "a voucher's redemption entries oldest first" (missed blind). It broke
 * only promokit's spec ("newest first"); neither the seed nor the real service's documentation orders the entries,
 * so no check may fail on it (issue 25's rule). 19 defects remain, each caught and pinned (by, shows) below.
 */
export type FreshDefect = Defect & { promise: string }

type Voucher = { id?: string; code?: string; gift?: { balance?: number } | null; loyalty_card?: { balance?: number } | null; redemption?: { redeemed_quantity?: number } }

/** Applies `fn` to every voucher a read answers (getVoucher, listVouchers). */
const onVoucherReads = (fn: (v: Voucher, ctx: WrapContext) => void): Behaviour =>
  onResponse(['getVoucher', 'listVouchers'], (res, _req, ctx) => {
    for (const v of res.body?.vouchers ?? [res.body]) if (v && typeof v === 'object') fn(v, ctx)
  }, 200)

/** What a rollback gave back per voucher (by id and code), added up over the run's rollbacks. */
const remember = (ctx: WrapContext, key: string, voucher: { id?: string; code?: string } | undefined, amount: number): void => {
  if (!voucher || !amount) return
  for (const name of [voucher.id, voucher.code]) if (name) ctx.state.set(`${key}:${name}`, (ctx.state.get(`${key}:${name}`) ?? 0) + amount)
}

/**
 * A rollback that answers as if it gave back what it did, but leaves `what` (the use, the gift credits or the
 * points) spent: every later read of the voucher shows it still taken.
 */
function rollbackKeeps(what: 'uses' | 'credits' | 'points'): Behaviour {
  return combine(
    onResponse('rollbackRedemption', (res, _req, ctx) => {
      for (const r of res.body?.rollbacks ?? []) {
        const amount = what === 'uses' ? 1 : what === 'credits' ? r.gift?.amount ?? 0 : r.loyalty_card?.points ?? 0
        if (r.voucher) remember(ctx, what, r.voucher, amount)
      }
    }, 200),
    onVoucherReads((v, ctx) => {
      const kept: number = ctx.state.get(`${what}:${v.id}`) ?? 0
      if (!kept) return
      if (what === 'uses' && v.redemption) v.redemption.redeemed_quantity = (v.redemption.redeemed_quantity ?? 0) + kept
      if (what === 'credits' && v.gift) v.gift.balance = (v.gift.balance ?? 0) - kept
      if (what === 'points' && v.loyalty_card) v.loyalty_card.balance = (v.loyalty_card.balance ?? 0) - kept
    }),
    onResponse(['getVoucherRedemptions', 'listVoucherRedemptions'], (res, req, ctx) => {
      const kept: number = ctx.state.get(`uses:${req.params.code}`) ?? 0
      if (what === 'uses' && kept && typeof res.body?.redeemed_quantity === 'number') res.body.redeemed_quantity += kept
    }, 200),
  )
}

/** The campaign's vouchers (first 100) as the deployment holds them now, read with the caller's keys. */
async function vouchersOf(campaign: string, req: WrappedRequest, ctx: WrapContext): Promise<Voucher[]> {
  const read = await ctx.forward('GET', `/v1/vouchers?campaign_id=${encodeURIComponent(campaign)}&limit=100`, undefined, req.headers)
  return read.status === 200 ? read.body?.vouchers ?? [] : []
}

const DATE_FIELDS = ['start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week'] as const

/** A campaign update that changes the campaign's dates but leaves its vouchers with the old ones. */
const datesStayOnVouchers: Behaviour = combine(
  onRequest('updateCampaign', async (req, ctx) => {
    if (!DATE_FIELDS.some((f) => req.body?.[f] !== undefined && req.body?.[f] !== null)) return
    for (const v of await vouchersOf(req.params.campaignId, req, ctx)) {
      if (v.id && !ctx.state.has(`dates:${v.id}`)) ctx.state.set(`dates:${v.id}`, Object.fromEntries(DATE_FIELDS.map((f) => [f, (v as Record<string, unknown>)[f]])))
    }
  }),
  onVoucherReads((v, ctx) => void Object.assign(v, ctx.state.get(`dates:${v.id}`) ?? {})),
)

/** A campaign deletion that leaves the campaign's vouchers readable by code or id. */
const vouchersOutliveDelete: Behaviour = combine(
  onRequest('deleteCampaign', async (req, ctx) => {
    for (const v of await vouchersOf(req.params.campaignId, req, ctx)) for (const name of [v.id, v.code]) if (name) ctx.state.set(`voucher:${name}`, v)
  }),
  onResponse('getVoucher', (res, req, ctx) => {
    const kept = ctx.state.get(`voucher:${req.params.code}`)
    return kept ? { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: kept, text: '' } : undefined
  }, 404),
)

const HOLDERS = ['listReferralCodeHolders', 'listMemberHolders']

export const FRESH_DEFECTS_A: FreshDefect[] = [
  // Update semantics
  {
    kind: 'a campaign update moving created_at to the time of the update',
    by: 'updates.updateCampaign',
    shows: { location: 'behaviour', pointer: '/created_at' },
    promise: 'real-service notes §8.6: on update `updated_at` moves, `created_at` stays',
    faults: [copy('updateCampaign', '/updated_at', '/created_at'), copy('getCampaign', '/updated_at', '/created_at')],
  },
  {
    kind: 'a reward assignment update moving created_at to the time of the update',
    by: 'updates.updateRewardAssignment',
    shows: { location: 'behaviour', pointer: '/created_at' },
    promise: 'seed, Reward assignment: created_at, updated_at are two timestamps; notes §8.6: updates keep created_at',
    behaviour: onResponse(['updateRewardAssignment', 'getRewardAssignment', 'listRewardAssignments'], (res) => {
      for (const a of res.body?.data ?? [res.body]) if (a?.updated_at) a.created_at = a.updated_at
    }, 200),
  },
  {
    kind: 'new campaign dates not reaching its vouchers',
    by: 'updates.campaign-dates-reach-vouchers',
    shows: { location: 'behaviour', pointer: '/start_date' },
    promise: 'seed, voucher template: start_date, expiration_date are copied from the campaign; spec updateCampaign: dates change the vouchers',
    behaviour: datesStayOnVouchers,
  },
  {
    kind: 'unset_metadata_fields ignored by a campaign update',
    by: 'updates.updateCampaign',
    shows: { location: 'behaviour', pointer: '/metadata/pk_unset' },
    promise: 'real-service notes §8.6: the update schema has `unset_metadata_fields` to remove keys',
    faults: [dropRequestBody('updateCampaign', '/unset_metadata_fields')],
  },
  // Paging, ordering and filters
  {
    kind: 'exports always listed oldest first, whatever order asks',
    by: 'exports.lifecycle',
    shows: { location: 'behaviour', pointer: '/exports' },
    promise: 'spec listExports: newest first unless `order` says otherwise (created_at, -created_at, status, -status)',
    faults: [setQuery('listExports', 'order', 'created_at')],
  },
  {
    kind: 'the result filter of the redemption list ignored',
    by: 'redemptions.voucher-redemption-list',
    shows: { location: 'behaviour', pointer: '/redemptions/0/result' },
    promise: 'real-service notes §8.5: failed redemptions can be listed with GET /v1/redemptions?result=FAILURE',
    faults: [dropQuery('listRedemptions', 'result')],
  },
  {
    kind: 'the template list cursor ignored: every page starts again at the first template',
    by: 'lists.listCampaignTemplates',
    shows: { location: 'behaviour', pointer: '/data' },
    promise: 'spec listCampaignTemplates: page with `starting_after_id` (the `more_starting_after` of the previous page)',
    faults: [dropQuery('listCampaignTemplates', 'starting_after_id')],
  },
  {
    kind: 'has_more false on a management template page that has more after it',
    by: 'lists.listProjectCampaignTemplates',
    shows: { location: 'behaviour', pointer: '/has_more' },
    promise: 'seed, List wrapper: `has_more` (boolean) tells whether more items follow',
    faults: [set('listProjectCampaignTemplates', '/has_more', false)],
  },
  {
    kind: 'holders cursor taken from the first holder of the page instead of the last',
    by: 'referrals.holders-cursor-paging',
    shows: { location: 'behaviour', pointer: '/data/0/id' },
    promise: 'seed §5: `more_starting_after` is the id to pass as `starting_after_id` for the next page',
    behaviour: onResponse(HOLDERS, (res) => {
      if (res.body?.more_starting_after && res.body.data?.length) res.body.more_starting_after = res.body.data[0].id
    }, 200),
  },
  {
    kind: 'holders limit out of 1-100 clamped instead of refused',
    by: 'invalid.listMemberHolders',
    shows: { location: 'status', actual: 200 },
    promise: 'seed, Limits: List Referral Code Holders `limit` 1 to 100',
    behaviour: onRequest(HOLDERS, (req) => {
      const limit = Number(req.url.searchParams.get('limit'))
      if (req.url.searchParams.has('limit') && Number.isInteger(limit) && (limit < 1 || limit > 100)) req.url.searchParams.set('limit', String(Math.min(Math.max(limit, 1), 100)))
    }),
  },
  // Voucher redemption lists
  {
    kind: 'a voucher\'s redemption list answering redeemed_quantity 0 after redemptions',
    by: 'redemptions.voucher-redemption-list',
    shows: { location: 'behaviour', pointer: '/redeemed_quantity' },
    promise: 'spec getVoucherRedemptions: how many times the voucher can be and was redeemed',
    faults: [set('getVoucherRedemptions', '/redeemed_quantity', 0), set('listVoucherRedemptions', '/redeemed_quantity', 0)],
  },
  // Rollback effects
  {
    kind: 'a rollback leaving the voucher\'s use counted',
    by: 'redemptions.voucher-redemption-list',
    shows: { location: 'behaviour', pointer: '/redemption/redeemed_quantity' },
    promise: 'spec rollbackRedemption: each voucher\'s redeemed quantity goes back down',
    behaviour: rollbackKeeps('uses'),
  },
  {
    kind: 'a rollback not returning gift credits to the card',
    by: 'checkout.rollback-restores',
    shows: { location: 'behaviour', pointer: '/gift/balance' },
    promise: 'spec rollbackRedemption: gift credits return to the cards (CREDITS_REFUND); notes §2.6 lists CREDITS_REFUND',
    behaviour: rollbackKeeps('credits'),
  },
  {
    kind: 'a rollback not returning loyalty points to the card',
    by: 'checkout.loyalty-points-deducted',
    shows: { location: 'behaviour', pointer: '/loyalty_card/balance' },
    promise: 'spec rollbackRedemption: loyalty points return to the cards (POINTS_REFUND); notes §2.6 lists POINTS_REFUND',
    behaviour: rollbackKeeps('points'),
  },
  // Validation rules where assigned
  {
    kind: 'a promotion tier\'s validation_rules ignored on campaign create',
    by: 'rules.tier-rules-on-create',
    shows: { location: 'behaviour', pointer: '/promotion/tiers/0/validation_rule_assignments/data' },
    promise: 'seed, Create Campaign: tiers are sent with `validation_rules`; the tier answers `validation_rule_assignments`',
    faults: [dropRequestBody('createCampaign', '/promotion/tiers/0/validation_rules')],
  },
  // Deletes
  {
    kind: 'force ignored on delete: a forced delete goes to the bin and keeps the name taken',
    by: 'campaigns.delete-to-bin',
    shows: { location: 'status', actual: 409 },
    promise: 'real-service notes §8.1: force=true removes the campaign for good and the name can be used again',
    faults: [dropQuery('deleteCampaign', 'force')],
  },
  {
    kind: 'vouchers of a deleted campaign still found',
    by: 'campaigns.delete-to-bin',
    shows: { location: 'status', actual: 200 },
    promise: 'real-service notes §8.1 (force: the campaign and its vouchers removed); spec deleteCampaign: its vouchers are no longer found',
    behaviour: vouchersOutliveDelete,
  },
  // Async jobs
  {
    kind: 'the export list showing the newest export still SCHEDULED once it is done',
    by: 'exports.lifecycle',
    shows: { location: 'behaviour', pointer: '/exports/0/status' },
    promise: 'seed, Export: status moves on after SCHEDULED; notes §3.8 statuses SCHEDULED, IN_PROGRESS, DONE; spec listExports: with their current status',
    faults: [set('listExports', '/exports/0/status', 'SCHEDULED'), set('listExports', '/exports/0/result', null)],
  },
  {
    kind: 'an async action\'s progress never moving from 0',
    by: 'campaigns.delete',
    shows: { location: 'behaviour', pointer: '/progress' },
    promise: 'real-service notes §8.1: async action `progress` 0-100; spec getAsyncAction: progress from 0 to 100 (100 when DONE)',
    faults: [set('getAsyncAction', '/progress', 0)],
  },
]
