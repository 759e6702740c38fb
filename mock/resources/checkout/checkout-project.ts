import type { ProjectState } from '../../engine/project-state.js'
import type { TierCampaignLookup } from '../stacks/stack-store.js'
import type { CheckoutProject } from './checkout-service.js'

/** Tier lookups for promotion stacks created through the control API. */
export function tierCampaigns(project: ProjectState): TierCampaignLookup {
  return { campaignOfTier: (id) => project.campaigns.findTier(id)?.campaign.id }
}

/** Picks checkout's view of a project: what it reads and the atomic mutations it calls. */
export function checkoutProject(p: ProjectState): CheckoutProject {
  const { campaigns } = p
  return {
    vouchers: p.vouchers,
    tiers: {
      findTier: (id) => {
        const found = campaigns.findTier(id)
        return found && { ...found.tier, campaignName: found.campaign.name }
      },
      recordTierRedemption: (id, amount, discount) => campaigns.recordTierRedemption(id, { amount, discount }),
    },
    categories: p.categories,
    rewards: p.rewards,
    stacks: p.stacks,
    referrals: p.referrals,
    transactions: p.transactions,
    redemptions: p.redemptions,
    customers: p.customers,
    sessions: p.sessions,
    rules: {
      validationRules: p.validationRules,
      assignedOnCreate: (campaignId, tierId) => {
        const campaign = campaigns.lookup(campaignId)
        if (!campaign) return []
        const tier = tierId ? campaign.tiers?.find((t) => t.id === tierId) : undefined
        return [...campaign.assignments, ...(tier?.assignments ?? [])].map((a) => a.rule_id)
      },
      redemptions: p.redemptions,
    },
  }
}
