import type { CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { campaignBody, type BodyOptions, type CampaignType } from './campaign-bodies.js'

export const enc = encodeURIComponent
export const campaignPath = (id: string): string => `/v1/campaigns/${enc(id)}`

/** Creates a campaign named under the run prefix and tagged; the context registers its deletion. */
export async function createCampaign(ctx: CheckContext, type: CampaignType, label: string, extra: Partial<BodyOptions> & { body?: Record<string, unknown> } = {}): Promise<Exchange> {
  const body = { ...campaignBody(type, { name: ctx.name(label), tag: ctx.tag, ...extra }), ...extra.body }
  return ctx.call({ operationId: 'createCampaign', method: 'POST', path: '/v1/campaigns', body }, { status: 200 })
}

/**
 * Polls getCampaign until voucher generation is DONE. While generating, the documented answers are
 * 200 with IN_PROGRESS statuses or 404 `not_found` with Retry-After (the real service's "cannot be read
 * until generation completes"); each answer is checked against the spec.
 */
export async function waitUntilGenerated(ctx: CheckContext, id: string): Promise<Exchange> {
  return ctx.poll(
    async () => {
      const ex = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) }, { status: [200, 404] })
      const body = ex.response.body
      if (ex.response.status === 200 && body.vouchers_generation_status === 'DONE') return { done: true, value: ex }
      return { done: false, exchange: ex, problem: { pointer: '/vouchers_generation_status', message: 'generation still running', expected: 'DONE', actual: body?.vouchers_generation_status ?? `status ${ex.response.status}` } }
    },
    { what: `campaign ${id} generated (vouchers_generation_status DONE)` },
  )
}

/** Reads `campaigns` of a listCampaigns answer, as ids. */
export function campaignIds(ex: Exchange): string[] {
  const list = ex.response.body?.campaigns
  return Array.isArray(list) ? list.map((c: any) => c?.id) : []
}

export function isSorted<T>(values: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < values.length; i++) if (compare(values[i - 1], values[i]) > 0) return false
  return true
}
