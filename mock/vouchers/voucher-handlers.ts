import type { OperationHandlers } from '../types.js'

/** Voucher operations. */
export const voucherHandlers = {
  listVouchers: ({ query }, { project }) => {
    const ref = (query.campaign_id ?? query.campaign) as string | undefined
    // An unknown campaign matches no vouchers (the spec documents no 404 here).
    const campaignId = ref === undefined ? undefined : (project.campaigns.lookup(ref)?.id ?? '')
    return { status: 200, body: project.vouchers.list({ campaignId, limit: query.limit, page: query.page }) }
  },
  getVoucher: ({ params }, { project }) => ({ status: 200, body: project.vouchers.get(params.code) }),
} satisfies OperationHandlers
