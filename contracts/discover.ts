import { readMockStateProjects } from '../src/mock-control.js'
import type { Check } from './check.js'
import type { HttpClient } from './http-client.js'
import type { FixtureId, KnownIds, Unavailable } from './types.js'

/** Referral codes whose holders discovery looks at (one request each, side by side) before giving up. */
const CODES_TO_TRY = 5

/**
 * Fills in ids the planned checks need and the flags did not give, by listing through the API
 * (referral campaign → its codes → one with holders; a gift/loyalty campaign for the export), and on
 * promokit's mock from its state dump (rewards, templates, metadata schemas have no list operation in the
 * spec). Best effort: a failed look-up leaves the id unknown and the checks needing it are skipped.
 */
export async function discoverIds(client: HttpClient, checks: readonly Check[], given: KnownIds, isMock: boolean, unavailable: Unavailable = {}): Promise<KnownIds> {
  const needed = new Set<FixtureId>(checks.flatMap((c) => [...(c.needs ?? []), ...(c.uses ?? [])]))
  const ids: KnownIds = { ...given }
  const want = (id: FixtureId): boolean => needed.has(id) && !ids[id]
  // The mock's state dump is large (the mock's thread spends a quarter second on it): read once for both uses.
  let dump: ReturnType<typeof mockState> | undefined
  const state = (): ReturnType<typeof mockState> => (dump ??= mockState(client, ids))
  // Discovery never fails the run; the checks that needed the id say why they were skipped.
  try {
    if (isMock && [...needed].some((id) => !ids[id])) Object.assign(ids, stripUndefined(await fromMockState(state, ids)), stripUndefined(given))
  } catch {
    return ids
  }
  // Independent look-ups, side by side: the checks that need them wait for all of them.
  await Promise.allSettled([
    want('referralCampaignId') || (needed.has('referralMemberId') && !ids.referralMemberId) ? discoverReferral(client, ids, unavailable) : undefined,
    isMock && (want('loyaltyCardCode') || want('loyaltyRewardId')) ? discoverLoyaltyCard(client, ids, state) : undefined,
    want('giftCampaignId') ? discoverGiftCampaign(client, ids) : undefined,
  ])
  return ids
}

/** Holders a referral code should have for cursor pages of two or more: which end a cursor was taken from shows. */
const HOLDERS_WANTED = 3

/**
 * A referral code WITH holders (a code without any would let the holders checks pass on nothing): the first
 * of the campaign's codes that has HOLDERS_WANTED (else the first that has some; with one holder a page, the
 * first and the last holder of a page are one, and a cursor taken from the wrong end would go unseen); none →
 * the id stays unknown and `unavailable` says why.
 */
async function discoverReferral(client: HttpClient, ids: KnownIds, unavailable: Unavailable): Promise<void> {
  // A code given without its campaign is looked for in its own campaign, not in the first one listed.
  if (ids.referralMemberId && !ids.referralCampaignId) ids.referralCampaignId = await campaignOfCode(client, ids.referralMemberId)
  ids.referralCampaignId ??= await findCampaign(client, 'REFERRAL_PROGRAM')
  if (!ids.referralCampaignId || ids.referralMemberId) return
  const vouchers = await client.send({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: ids.referralCampaignId, limit: CODES_TO_TRY } })
  const codes: string[] = (vouchers.response.body?.vouchers ?? []).map((v: any) => v.code).filter((c: unknown) => typeof c === 'string')
  // Every code's holders at once (reads, one round instead of one per code), then the first that fits, in order.
  const campaign = ids.referralCampaignId
  const counts = await Promise.all(codes.slice(0, CODES_TO_TRY).map(async (code) => {
    const holders = await client.send({
      operationId: 'listReferralCodeHolders',
      method: 'GET',
      path: `/v1/referrals/${encodeURIComponent(campaign)}/members/${encodeURIComponent(code)}/holders`,
      query: { limit: HOLDERS_WANTED },
    })
    // The holders themselves, not `total`: a target whose total is wrong must not steer the checks to an empty code.
    return { code, count: (holders.response.body?.data ?? []).length as number }
  }))
  const chosen = (counts.find(({ count }) => count >= HOLDERS_WANTED) ?? counts.find(({ count }) => count > 0))?.code
  if (chosen) {
    ids.referralMemberId = chosen
    return
  }
  unavailable.referralMemberId = `none of the ${codes.length} referral code(s) looked at in ${ids.referralCampaignId} has holders; pass --referral-member-id`
}

async function campaignOfCode(client: HttpClient, code: string): Promise<string | undefined> {
  const res = await client.send({ operationId: 'getVoucher', method: 'GET', path: `/v1/vouchers/${encodeURIComponent(code)}` })
  const id = res.response.body?.campaign_id
  return res.response.status === 200 && typeof id === 'string' ? id : undefined
}

/** On the mock: the card of the loyalty campaign a reward is assigned to, with the most points. */
async function discoverLoyaltyCard(client: HttpClient, ids: KnownIds, dump: () => ReturnType<typeof mockState>): Promise<void> {
  const state = await dump()
  const project = (state.response.body?.projects ?? []).find((p: any) => p.id === ids.projectId) ?? state.response.body?.projects?.[0]
  // The last assignment: the rewards check updates the first one (a different reward keeps them apart).
  const assignment = [...(project?.reward_assignments ?? [])].reverse().find((a: any) => typeof a?.related_object_id === 'string')
  if (!assignment) return
  const cards = await client.send({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: assignment.related_object_id, limit: 20 } })
  const card = (cards.response.body?.vouchers ?? []).filter((v: any) => v?.loyalty_card).sort((a: any, b: any) => b.loyalty_card.balance - a.loyalty_card.balance)[0]
  if (!card || card.loyalty_card.balance <= 0) return
  ids.loyaltyCardCode ??= card.code
  ids.loyaltyRewardId ??= assignment.reward_id
}

async function discoverGiftCampaign(client: HttpClient, ids: KnownIds): Promise<void> {
  ids.giftCampaignId = await findCampaign(client, 'GIFT_VOUCHERS') ?? await findCampaign(client, 'LOYALTY_PROGRAM')
}

/** A finished campaign of the type that this run did not create (so its data is not ours). */
async function findCampaign(client: HttpClient, campaignType: string): Promise<string | undefined> {
  const res = await client.send({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { campaign_type: campaignType, limit: 20 } })
  const campaigns: any[] = res.response.body?.campaigns ?? []
  const done = campaigns.filter((c) => c.vouchers_generation_status !== 'IN_PROGRESS' && c.campaign_type === campaignType)
  return (done.find((c) => !String(c.name).startsWith('pk-')) ?? done[0])?.id
}

async function fromMockState(dump: () => ReturnType<typeof mockState>, ids: KnownIds): Promise<KnownIds> {
  const res = await dump()
  if (res.response.status !== 200) return {}
  return readMockState(res.response.body, ids)
}

/** The mock's state dump: the project asked for whole (a sandbox's project is only counted in the full dump), else every project. */
async function mockState(client: HttpClient, ids: KnownIds): ReturnType<HttpClient['send']> {
  const state = () => client.send({ operationId: '_mock', method: 'GET', path: '/_mock/state', auth: 'none' })
  if (ids.projectId === undefined) return state()
  const one = await client.send({ operationId: '_mock', method: 'GET', path: '/_mock/state', query: { project: ids.projectId }, auth: 'none' })
  return one.response.status === 200 ? one : state()
}

/** Picks ids out of the mock's state dump (`GET /_mock/state`, typed in src/mock-control.ts). */
export function readMockState(state: unknown, ids: KnownIds): KnownIds {
  const projects = readMockStateProjects(state)
  const project = projects.find((p) => p.id === ids.projectId) ?? projects[0]
  if (!project) return {}
  const assignment = project.reward_assignments?.[0]
  return {
    projectId: project.id,
    rewardId: assignment?.reward_id,
    assignmentId: assignment?.id,
    templateId: project.campaign_templates?.[0]?.id,
    metadataSchemaId: project.metadata_schemas?.[0]?.id,
  }
}

function stripUndefined(ids: KnownIds): KnownIds {
  return Object.fromEntries(Object.entries(ids).filter(([, v]) => v !== undefined))
}
