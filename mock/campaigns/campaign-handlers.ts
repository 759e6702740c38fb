import type { OperationHandlers } from '../types.js'

/** Campaign operations; the store does the work, handlers only pick the status. */
export const campaignHandlers = {
  createCampaign: ({ body }, { project }) => ({ status: 200, body: project.campaigns.create(body) }),
  listCampaigns: ({ query }, { project }) => ({ status: 200, body: project.campaigns.list(query) }),
  getCampaign: ({ params }, { project }) => ({ status: 200, body: project.campaigns.get(params.campaignId) }),
  deleteCampaign: ({ params }, { project }) => {
    project.campaigns.delete(params.campaignId)
    return { status: 204 }
  },
} satisfies OperationHandlers
