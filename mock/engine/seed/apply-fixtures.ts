import type { FixtureCampaign, FixtureSet } from '../../../fixtures/types.js'
import type { CampaignFixture } from '../../resources/campaigns/campaign-types.js'
import type { CategoryStore } from '../../resources/categories/category-store.js'
import type { ReferralStore } from '../../resources/referrals/referral-store.js'
import type { MetadataSchemaStore } from '../../resources/management/metadata-schema-store.js'
import type { TemplateStore } from '../../resources/management/template-store.js'
import type { RewardStore } from '../../resources/rewards/reward-store.js'
import type { TransactionStore } from '../../resources/transactions/transaction-store.js'

/** The stores a fixture set fills; ProjectState has them all. */
export interface SeedableProject {
  id: string
  categories: Pick<CategoryStore, 'add'>
  campaigns?: { import(campaign: CampaignFixture): unknown }
  rewards: Pick<RewardStore, 'addReward' | 'addAssignment'>
  referrals?: Pick<ReferralStore, 'add'>
  transactions: Pick<TransactionStore, 'add'>
  templates: Pick<TemplateStore, 'add'>
  metadataSchemas: Pick<MetadataSchemaStore, 'add'>
}

export interface ProjectsLike<P extends SeedableProject> {
  get(projectId: string): P | undefined
}

/**
 * Loads a fixture set into projects (at start, on reset, for `--fixtures` and `POST /_mock/fixtures`).
 * Order matters: categories before the campaigns that name them, campaigns before the holders,
 * assignments and transactions that reference their vouchers. The set itself is never mutated.
 */
export function applyFixtures<P extends SeedableProject>(projects: ProjectsLike<P> | P[] | P, fixtures: FixtureSet): P[] {
  const registry = toRegistry(projects)
  const set = structuredClone(fixtures)
  const touched = new Map<string, P>()
  const target = (projectId: string, file: string): P => {
    const project = registry.get(projectId)
    if (!project) throw new Error(`fixtures: ${file} names project ${projectId}, which this server does not have (check the credentials/config)`)
    touched.set(projectId, project)
    return project
  }
  for (const [projectId, list] of Object.entries(set.categories)) for (const c of list) target(projectId, 'categories.json').categories.add(c)
  for (const [projectId, list] of Object.entries(set.campaigns)) {
    // A project without a campaign (or referral) store is a partial build, e.g. a focused test: skip.
    const project = target(projectId, 'campaigns.json')
    for (const c of list) project.campaigns?.import(toCampaignImport(c))
  }
  for (const [projectId, list] of Object.entries(set.rewards)) for (const r of list) target(projectId, 'rewards.json').rewards.addReward(r)
  for (const [projectId, list] of Object.entries(set.rewardAssignments)) {
    for (const a of list) target(projectId, 'reward-assignments.json').rewards.addAssignment(a)
  }
  for (const [projectId, list] of Object.entries(set.holders)) {
    const project = target(projectId, 'holders.json')
    for (const h of list) project.referrals?.add(h)
  }
  for (const [projectId, list] of Object.entries(set.transactions)) for (const t of list) target(projectId, 'transactions.json').transactions.add(t)
  for (const [projectId, list] of Object.entries(set.templates)) for (const t of list) target(projectId, 'campaign-templates.json').templates.add(t)
  for (const [projectId, list] of Object.entries(set.metadataSchemas)) {
    for (const m of list) target(projectId, 'metadata-schemas.json').metadataSchemas.add(m)
  }
  return [...touched.values()]
}

/**
 * A fixture campaign is a Campaign as the API returns it; the campaign store's import takes the
 * create-style fields plus fixed ids, so the list wrapper of tiers is unwrapped. The cast: fixture files
 * are typed loosely (FixtureCampaign), but each campaign in them validates against the spec's Campaign
 * schema (fixtures/fixtures.test.ts), whose fields are the create fields the import reads, and the store
 * checks them as it checks a create.
 */
function toCampaignImport(campaign: FixtureCampaign): CampaignFixture {
  const { promotion, ...rest } = campaign
  return (promotion ? { ...rest, promotion: { tiers: promotion.tiers } } : rest) as unknown as CampaignFixture
}

function toRegistry<P extends SeedableProject>(projects: ProjectsLike<P> | P[] | P): ProjectsLike<P> {
  if (Array.isArray(projects)) return { get: (id) => projects.find((p) => p.id === id) }
  if ('get' in projects && typeof projects.get === 'function') return projects as ProjectsLike<P>
  const single = projects as P
  return { get: (id) => (id === single.id ? single : undefined) }
}
