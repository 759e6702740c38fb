import type { Exchange, HttpClient } from './http-client.js'

export interface DeleteCampaignOptions {
  /** Lets time pass (the mock's clock is advanced, a deployment is waited for). */
  wait(ms: number): Promise<void>
  /** How long the deletion may take in all (retries while generating, then until the campaign is gone). */
  timeoutMs: number
  /** `false` moves the campaign to the bin instead (default `true`: removed for good). */
  force?: boolean
}

export interface DeletedCampaign {
  /** The DELETE answer that was accepted (204, or 202 with `async_action_id`); absent when it was already gone. */
  accepted?: Exchange
  /** The getCampaign answer that showed it gone (404). */
  gone?: Exchange
}

/** Answers that mean "not now, the campaign is still being generated": the mock's 404 + Retry-After, 400, 409, 423, 429. */
const BUSY = new Set([400, 409, 423, 429])
const FIRST_DELAY_MS = 250
const MAX_DELAY_MS = 5_000
/** How long a queued (202) deletion is given before the first look. */
export const ASYNC_FIRST_POLL_MS = 1_000

/** Lets time pass within one deletion's time bound; throws with what was seen once the bound is used up. */
export type Pause = (ms: number, what: string) => Promise<void>

export function pauser(options: DeleteCampaignOptions): Pause {
  let waited = 0
  return async (ms, what) => {
    if (waited >= options.timeoutMs) throw new Error(`${what} after ${waited} ms`)
    const step = Math.min(ms, options.timeoutMs - waited)
    await options.wait(step)
    waited += step
  }
}

/**
 * Deletes a campaign for good and waits until it is gone, as both the API description (204) and the real
 * service (202 + `async_action_id`, deleted asynchronously) allow. `force=true`: without it the real service
 * moves the campaign to the bin, keeping its name and codes taken. Throws with the reason when the target
 * keeps it past `timeoutMs` or answers something neither documents.
 */
export async function deleteCampaignAndWait(client: HttpClient, id: string, options: DeleteCampaignOptions): Promise<DeletedCampaign> {
  const pause = pauser(options)
  const accepted = await requestDeletion(client, id, pause, options.force ?? true)
  if (!accepted) return {}
  // An asynchronous delete takes a moment (the real service queues it): asking at once costs a request
  // from the run's budget for an answer that is known already.
  if (accepted.response.status === 202) await pause(ASYNC_FIRST_POLL_MS, 'accepted (202) but not gone')
  return { accepted, gone: await untilGone(client, id, accepted, pause) }
}

/** The DELETE, repeated while the campaign is still generating; undefined when it was already gone (plain 404). */
export async function requestDeletion(client: HttpClient, id: string, pause: Pause, force = true): Promise<Exchange | undefined> {
  for (;;) {
    const ex = await client.send({ operationId: 'deleteCampaign', method: 'DELETE', path: campaignPath(id), query: force ? { force: true } : {} })
    const { status, headers } = ex.response
    const retryAfterMs = Number(headers['retry-after']) * 1000
    if (status === 204 || status === 202 || status === 200) return ex
    if (status === 404 && !(retryAfterMs > 0)) return undefined
    if (status === 404 || BUSY.has(status)) await pause(retryAfterMs > 0 ? retryAfterMs : 1_000, `DELETE still answered ${status}${keyOf(ex)}`)
    else throw new Error(`DELETE answered ${status}${keyOf(ex)}`)
  }
}

/** getCampaign, with growing pauses, until it answers 404 (that answer is returned). */
export async function untilGone(client: HttpClient, id: string, accepted: Exchange, pause: Pause): Promise<Exchange> {
  let delay = FIRST_DELAY_MS
  for (;;) {
    const ex = await client.send({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) })
    if (ex.response.status === 404) return ex
    await pause(delay, `accepted (${accepted.response.status}) but getCampaign still answered ${ex.response.status}`)
    delay = Math.min(delay * 2, MAX_DELAY_MS)
  }
}

const campaignPath = (id: string): string => `/v1/campaigns/${encodeURIComponent(id)}`

function keyOf(ex: Exchange): string {
  const key = ex.response.body?.key
  return typeof key === 'string' ? ` ${key}` : ''
}
