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

/** What a target may answer for a campaign still being generated: the real service's 400/423 "not yet". */
const STILL_GENERATING = [400, 423]

/**
 * Polls getCampaign until voucher generation is DONE. While generating, the documented answers are
 * 200 with IN_PROGRESS statuses, 404 `not_found` with Retry-After (the real service's "cannot be read
 * until generation completes"), or a 400/423 refusal in the Error format; each answer is checked.
 */
export async function waitUntilGenerated(ctx: CheckContext, id: string): Promise<Exchange> {
  return ctx.poll(
    async () => {
      const ex = await ctx.client.send({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) })
      const { status, body } = ex.response
      if (status !== 200) ctx.follows(`read while generating: ${status}${status === 404 ? ' with Retry-After' : ` ${body?.key ?? ''}`.trimEnd()} (real service)`)
      if (STILL_GENERATING.includes(status)) {
        // Possibly not in the spec for getCampaign: only the Error format is asked of it.
        if (body?.code !== status || typeof body?.message !== 'string') ctx.fail({ location: 'body', pointer: '/code', message: `a ${status} while generating must be an Error`, expected: status, actual: body?.code }, ex)
      } else ctx.expectResponse(ex, { status: [200, 404] })
      if (status === 200 && body.vouchers_generation_status === 'DONE') return { done: true, value: ex }
      return { done: false, exchange: ex, problem: { pointer: '/vouchers_generation_status', message: 'generation still running', expected: 'DONE', actual: body?.vouchers_generation_status ?? `status ${status}` } }
    },
    { what: `campaign ${id} generated (vouchers_generation_status DONE)` },
  )
}

/**
 * A request started now and awaited later, where the check judges it: what it sends goes side by side with
 * what the check awaits first, while its failure still surfaces in the check's order (and never unhandled).
 */
export function early<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined)
  return pending
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
