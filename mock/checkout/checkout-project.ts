import type { ProjectState } from '../project-state.js'
import type { TierCampaignLookup } from '../stacks/stack-store.js'
import type { TierLike } from './checkout-resolver.js'
import type { CheckoutProject } from './checkout-service.js'

type Json = Record<string, unknown>

/** The campaign store's checkout lookups (mock/campaigns/campaign-store.ts). */
interface CampaignTiers {
  findTier(tierId: string): { tier: Json; campaign: Json } | undefined
  recordTierRedemption(tierId: string, order: { amount: number; discount: number }): void
}

/** The stores of other resources checkout needs, as ProjectState holds them once they are wired in. */
type WiredProject = ProjectState & Partial<Pick<CheckoutProject, 'vouchers' | 'referrals'>> & { campaigns?: CampaignTiers }

// A partial build (a project without voucher, campaign or referral stores) answers as if they were empty.
const noVouchers: CheckoutProject['vouchers'] = {
  findByCodeOrId: () => undefined,
  redeem: (code) => missing(code),
  adjustGiftBalance: (code) => missing(code),
  adjustLoyaltyPoints: (code) => missing(code),
}
const missing = (code: string): never => {
  throw new Error(`no voucher store: cannot change ${code}`)
}
const noReferrals: CheckoutProject['referrals'] = { addHolder: () => undefined, referrerOf: () => undefined }

/** Tier lookups for promotion stacks created through the control API. */
export function tierCampaigns(project: ProjectState): TierCampaignLookup {
  const campaigns = (project as WiredProject).campaigns
  return { campaignOfTier: (id) => campaigns?.findTier(id)?.campaign.id as string | undefined }
}

/** Picks checkout's view of a project: what it reads and the atomic mutations it calls. */
export function checkoutProject(project: ProjectState): CheckoutProject {
  const p = project as WiredProject
  const campaigns = p.campaigns
  return {
    vouchers: p.vouchers ?? noVouchers,
    tiers: {
      findTier: (id) => {
        const found = campaigns?.findTier(id)
        return found && { ...(found.tier as unknown as TierLike), campaignName: found.campaign.name as string }
      },
      recordTierRedemption: (id, amount, discount) => campaigns?.recordTierRedemption(id, { amount, discount }),
    },
    categories: p.categories,
    rewards: p.rewards,
    stacks: p.stacks,
    referrals: p.referrals ?? noReferrals,
    transactions: p.transactions,
    redemptions: p.redemptions,
    customers: p.customers,
    sessions: p.sessions,
    rules: {
      validationRules: p.validationRules,
      assignedOnCreate: (campaignId, tierId) => {
        const campaign = campaigns?.lookup(campaignId)
        if (!campaign) return []
        const tier = tierId ? campaign.tiers?.find((t) => t.id === tierId) : undefined
        return [...campaign.assignments, ...(tier?.assignments ?? [])].map((a) => a.rule_id)
      },
      redemptions: p.redemptions,
    },
  }
}
