import { ApiError } from '../errors.js'
import type { ProjectState } from '../project-state.js'
import type { CheckoutProject } from './checkout-service.js'

/** The campaign store's tier lookups as checkout uses them. */
type TierSource = CheckoutProject['tiers']

/** The stores of other resources that checkout needs, as they appear on ProjectState once wired. */
type WiredProject = ProjectState &
  Partial<Pick<CheckoutProject, 'vouchers' | 'referrals'>> & {
    campaigns?: Partial<TierSource>
  }

/** Picks checkout's view of a project: what it reads and the atomic mutations it calls. */
export function checkoutProject(project: ProjectState): CheckoutProject {
  const p = project as WiredProject
  if (!p.vouchers || !p.referrals) throw new ApiError('NOT_IMPLEMENTED', 'Checkout needs the voucher and referral stores of the project')
  const campaigns = p.campaigns
  const tiers: TierSource = {
    findTier: (id) => campaigns?.findTier?.(id),
    recordTierRedemption: (id, amount, discount) => campaigns?.recordTierRedemption?.(id, amount, discount),
  }
  return {
    vouchers: p.vouchers,
    tiers,
    categories: p.categories,
    rewards: p.rewards,
    stacks: p.stacks,
    referrals: p.referrals,
    transactions: p.transactions,
    redemptions: p.redemptions,
    customers: p.customers,
  }
}
