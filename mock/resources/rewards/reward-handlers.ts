import { pageOf } from '../../engine/list-page.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'

export const rewardHandlers = {
  updateRewardAssignment: ({ params, body }, { project }) => ({
    status: 200,
    body: project.rewards.updateRewardAssignment(params.rewardId, params.assignmentId, body ?? {}),
  }),
  getRewardAssignment: ({ params }, { project }) => ({ status: 200, body: project.rewards.getAssignment(params.rewardId, params.assignmentId) }),
  listRewardAssignments: ({ params, query }, { project }) => {
    // an unknown reward is a 404, not an empty list
    project.rewards.getReward(params.rewardId)
    const all = project.rewards.listAssignments(params.rewardId)
    return { status: 200, body: { object: 'list', data_ref: 'data', data: pageOf(all, query), total: all.length } }
  },
} satisfies TypedHandlers<'updateRewardAssignment' | 'getRewardAssignment' | 'listRewardAssignments'>
