import { readMockStateProjects } from '../src/mock-control.js'
import type { Check } from './check.js'
import type { HttpClient } from './http-client.js'
import type { FixtureId, KnownIds } from './types.js'

/**
 * Fills in ids the planned checks need and the flags did not give, by listing through the API
 * (referral campaign → its codes → one with holders; a gift/loyalty campaign for the export), and on
 * promokit's mock from its state dump (rewards, templates, metadata schemas have no list operation in the
 * spec). Best effort: a failed look-up leaves the id unknown and the checks needing it are skipped.
 */
export async function discoverIds(client: HttpClient, checks: readonly Check[], given: KnownIds, isMock: boolean): Promise<KnownIds> {
  const needed = new Set<FixtureId>(checks.flatMap((c) => [...(c.needs ?? []), ...(c.uses ?? [])]))
  const ids: KnownIds = { ...given }
  const want = (id: FixtureId): boolean => needed.has(id) && !ids[id]
  try {
    if (isMock && [...needed].some((id) => !ids[id])) Object.assign(ids, stripUndefined(await fromMockState(client, ids)), stripUndefined(given))
    if (want('referralCampaignId') || (needed.has('referralMemberId') && !ids.referralMemberId)) await discoverReferral(client, ids)
    if (want('giftCampaignId')) ids.giftCampaignId = await findCampaign(client, 'GIFT_VOUCHERS') ?? await findCampaign(client, 'LOYALTY_PROGRAM')
  } catch {
    // Discovery never fails the run; the checks that needed the id say why they were skipped.
  }
  return ids
}

async function discoverReferral(client: HttpClient, ids: KnownIds): Promise<void> {
  ids.referralCampaignId ??= await findCampaign(client, 'REFERRAL_PROGRAM')
  if (!ids.referralCampaignId || ids.referralMemberId) return
  const vouchers = await client.send({ operationId: 'listVouchers', method: 'GET', path: '/v1/vouchers', query: { campaign_id: ids.referralCampaignId, limit: 10 } })
  const codes: string[] = (vouchers.response.body?.vouchers ?? []).map((v: any) => v.code).filter((c: unknown) => typeof c === 'string')
  for (const code of codes.slice(0, 3)) {
    const holders = await client.send({
      operationId: 'listReferralCodeHolders',
      method: 'GET',
      path: `/v1/referrals/${encodeURIComponent(ids.referralCampaignId)}/members/${encodeURIComponent(code)}/holders`,
      query: { limit: 1 },
    })
    if ((holders.response.body?.total ?? 0) > 0) {
      ids.referralMemberId = code
      return
    }
  }
  ids.referralMemberId = codes[0]
}

/** A finished campaign of the type that this run did not create (so its data is not ours). */
async function findCampaign(client: HttpClient, campaignType: string): Promise<string | undefined> {
  const res = await client.send({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { campaign_type: campaignType, limit: 20 } })
  const campaigns: any[] = res.response.body?.campaigns ?? []
  const done = campaigns.filter((c) => c.vouchers_generation_status !== 'IN_PROGRESS' && c.campaign_type === campaignType)
  return (done.find((c) => !String(c.name).startsWith('pk-')) ?? done[0])?.id
}

async function fromMockState(client: HttpClient, ids: KnownIds): Promise<KnownIds> {
  const res = await client.send({ operationId: '_mock', method: 'GET', path: '/_mock/state', auth: 'none' })
  if (res.response.status !== 200) return {}
  return readMockState(res.response.body, ids)
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
