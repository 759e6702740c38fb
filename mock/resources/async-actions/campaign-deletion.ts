import type { ProjectState } from '../../engine/project-state.js'

/** How long a deletion waits in the queue, and works at least; a big campaign takes longer (its vouchers go too). */
export const DELETION_QUEUED_MS = 500
export const DELETION_MIN_RUN_MS = 500
export const DELETION_VOUCHERS_PER_S = 100_000

export interface DeleteCampaignOptions {
  /** `true`: removed for good, its name and codes free; otherwise it goes to the bin, keeping both taken. */
  force: boolean
  requestId: string
}

/**
 * deleteCampaign, as the real service documents it: accepted at once with an async action; the campaign
 * stays readable until the action is DONE (the clock decides), then it is gone. Asking again while the
 * deletion is pending answers the same async action.
 */
export function deleteCampaign(project: ProjectState, idOrName: string, options: DeleteCampaignOptions): { async_action_id: string } {
  const deletion = project.campaigns.scheduleDeletion(idOrName, (campaign) => {
    const runMs = Math.max(DELETION_MIN_RUN_MS, Math.ceil((campaign.vouchersCount / DELETION_VOUCHERS_PER_S) * 1000))
    const action = project.asyncActions.enqueue({
      type: 'CAMPAIGN.DELETE',
      requestId: options.requestId,
      queuedMs: DELETION_QUEUED_MS,
      runMs,
      result: {
        campaign_id: campaign.id,
        force: options.force,
        message: options.force ? `Campaign ${campaign.id} and its vouchers were deleted permanently` : `Campaign ${campaign.id} was moved to the bin`,
      },
    })
    return { actionId: action.id, at: action.doneAt, force: options.force }
  })
  return { async_action_id: deletion.actionId }
}
