import { deleteCampaign } from '../async-actions/campaign-deletion.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'

/** Campaign operations; the store does the work, handlers only pick the status. */
export const campaignHandlers = {
  createCampaign: ({ body }, { project }) => ({ status: 200, body: project.campaigns.create(body) }),
  listCampaigns: ({ query }, { project }) => {
    // the page comes with its JSON text (spliced from kept campaign views, or kept whole): no ~9 KB serialising
    const { page, text } = project.campaigns.listWithText(query)
    return { status: 200, body: page, text }
  },
  getCampaign: ({ params }, { project }) => ({ status: 200, body: project.campaigns.get(params.campaignId) }),
  updateCampaign: ({ params, body }, { project }) => ({ status: 200, body: project.campaigns.update(params.campaignId, body) }),
  deleteCampaign: ({ params, query, requestId }, { project }) => ({
    status: 202,
    body: deleteCampaign(project, params.campaignId, { force: query.force === true, requestId }),
  }),
} satisfies TypedHandlers<'createCampaign' | 'listCampaigns' | 'getCampaign' | 'updateCampaign' | 'deleteCampaign'>
