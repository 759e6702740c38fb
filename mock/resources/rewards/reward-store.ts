import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { Reward, RewardAssignment } from '../../../src/records.js'
import { notFound } from '../../engine/errors.js'

export type { Reward, RewardAssignment } from '../../../src/records.js'

export interface RewardAssignmentUpdate {
  parameters?: { loyalty?: { points?: number; auto_redeem?: boolean | null } }
}

/** Rewards of one project and their assignments to (loyalty) campaigns. */
export class RewardStore {
  readonly #rewards = new Map<string, Reward>()
  readonly #assignments = new Map<string, RewardAssignment>()

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  addReward(reward: Reward): Reward {
    this.#rewards.set(reward.id, structuredClone(reward))
    return reward
  }

  addAssignment(assignment: RewardAssignment): RewardAssignment {
    if (!this.#rewards.has(assignment.reward_id)) throw notFound('reward', assignment.reward_id)
    this.#assignments.set(assignment.id, structuredClone(assignment))
    return assignment
  }

  /** Assigns a reward to a campaign at a points price (seeding and tests). */
  assign(rewardId: string, campaignId: string, points: number): RewardAssignment {
    const now = toIso(this.deps.clock.now())
    return this.addAssignment({
      id: this.deps.ids.next('rewa'),
      reward_id: rewardId,
      related_object_id: campaignId,
      related_object_type: 'campaign',
      parameters: { loyalty: { points } },
      created_at: now,
      updated_at: null,
      object: 'reward_assignment',
    })
  }

  getReward(rewardId: string): Reward {
    const reward = this.#rewards.get(rewardId)
    if (!reward) throw notFound('reward', rewardId)
    return structuredClone(reward)
  }

  getAssignment(rewardId: string, assignmentId: string): RewardAssignment {
    return structuredClone(this.#owned(rewardId, assignmentId))
  }

  updateRewardAssignment(rewardId: string, assignmentId: string, update: RewardAssignmentUpdate): RewardAssignment {
    const assignment = this.#owned(rewardId, assignmentId)
    const loyalty = update.parameters?.loyalty
    if (loyalty?.points !== undefined) assignment.parameters.loyalty.points = loyalty.points
    if (loyalty?.auto_redeem !== undefined) assignment.parameters.loyalty.auto_redeem = loyalty.auto_redeem
    assignment.updated_at = toIso(this.deps.clock.now())
    return structuredClone(assignment)
  }

  /** Checkout: is this reward assigned to the card's campaign? */
  isAssigned(rewardId: string, campaignId: string): boolean {
    return this.#find(rewardId, campaignId) !== undefined
  }

  /** Checkout: the points a loyalty card pays for the reward in that campaign, undefined when not assigned. */
  pointsPrice(rewardId: string, campaignId: string): number | undefined {
    return this.#find(rewardId, campaignId)?.parameters.loyalty.points
  }

  /** How many rewards and assignments the lists hold, without cloning them (`GET /_mock/state` counts every project). */
  get sizes(): { rewards: number; assignments: number } {
    return { rewards: this.#rewards.size, assignments: this.#assignments.size }
  }

  listRewards(): Reward[] {
    return [...this.#rewards.values()].map((r) => structuredClone(r))
  }

  listAssignments(rewardId?: string): RewardAssignment[] {
    const all = [...this.#assignments.values()]
    return (rewardId ? all.filter((a) => a.reward_id === rewardId) : all).map((a) => structuredClone(a))
  }

  #find(rewardId: string, campaignId: string): RewardAssignment | undefined {
    for (const a of this.#assignments.values()) {
      if (a.reward_id === rewardId && a.related_object_id === campaignId) return a
    }
    return undefined
  }

  #owned(rewardId: string, assignmentId: string): RewardAssignment {
    if (!this.#rewards.has(rewardId)) throw notFound('reward', rewardId)
    const assignment = this.#assignments.get(assignmentId)
    // An assignment of another reward is "not found" under this reward, as the real service scopes it.
    if (!assignment || assignment.reward_id !== rewardId) {
      throw notFound('reward_assignment', assignmentId, `Cannot find reward_assignment with id ${assignmentId} for reward ${rewardId}`)
    }
    return assignment
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): { rewards: Reward[]; assignments: RewardAssignment[] } {
    return { rewards: this.listRewards(), assignments: this.listAssignments() }
  }

  restore(snapshot: { rewards: Reward[]; assignments: RewardAssignment[] }): void {
    this.#rewards.clear()
    this.#assignments.clear()
    for (const reward of snapshot.rewards) this.addReward(reward)
    for (const assignment of snapshot.assignments) this.addAssignment(assignment)
  }
}
