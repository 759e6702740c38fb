import { stringifyWithTexts } from '../pipeline/json-text.js'
import type { OperationHandlers } from '../types.js'

/** Campaign operations; the store does the work, handlers only pick the status. */
export const campaignHandlers = {
  createCampaign: ({ body }, { project }) => ({ status: 200, body: project.campaigns.create(body) }),
  listCampaigns: ({ query }, { project }) => {
    const page = project.campaigns.list(query)
    // the page's campaigns carry their JSON text: splicing it is cheaper than serialising ~9 KB again
    return { status: 200, body: page, text: stringifyWithTexts(page as unknown as Record<string, unknown>) }
  },
  getCampaign: ({ params }, { project }) => ({ status: 200, body: project.campaigns.get(params.campaignId) }),
  deleteCampaign: ({ params }, { project }) => {
    project.campaigns.delete(params.campaignId)
    return { status: 204 }
  },
} satisfies OperationHandlers
