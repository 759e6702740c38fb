import type { OperationHandlers } from '../types.js'
import type { RewardAssignmentUpdate } from './reward-store.js'

export const rewardHandlers = {
  updateRewardAssignment: ({ params, body }, { project }) => ({
    status: 200,
    body: project.rewards.updateRewardAssignment(params.rewardId, params.assignmentId, (body ?? {}) as RewardAssignmentUpdate),
  }),
} satisfies OperationHandlers
