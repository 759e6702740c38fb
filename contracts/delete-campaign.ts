import type { Exchange, HttpClient } from './http-client.js'

export interface DeleteCampaignOptions {
  /** Lets time pass (the mock's clock is advanced, a deployment is waited for). */
  wait(ms: number): Promise<void>
  /** How long the deletion may take in all (retries while generating, then until the campaign is gone). */
  timeoutMs: number
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
const ASYNC_FIRST_POLL_MS = 1_000

/**
 * Deletes a campaign for good and waits until it is gone, as both the API description (204) and the real
 * service (202 + `async_action_id`, deleted asynchronously) allow. `force=true`: without it the real service
 * moves the campaign to the bin, keeping its name and codes taken. Throws with the reason when the target
 * keeps it past `timeoutMs` or answers something neither documents.
 */
export async function deleteCampaignAndWait(client: HttpClient, id: string, options: DeleteCampaignOptions): Promise<DeletedCampaign> {
  const path = `/v1/campaigns/${encodeURIComponent(id)}`
  let waited = 0
  let delay = FIRST_DELAY_MS
  const pause = async (ms: number, what: string): Promise<void> => {
    if (waited >= options.timeoutMs) throw new Error(`${what} after ${waited} ms`)
    const step = Math.min(ms, options.timeoutMs - waited)
    await options.wait(step)
    waited += step
  }
  let accepted: Exchange | undefined
  while (!accepted) {
    const ex = await client.send({ operationId: 'deleteCampaign', method: 'DELETE', path, query: { force: true } })
    const { status, headers } = ex.response
    const retryAfterMs = Number(headers['retry-after']) * 1000
    if (status === 204 || status === 202 || status === 200) accepted = ex
    else if (status === 404 && !(retryAfterMs > 0)) return {}
    else if (status === 404 || BUSY.has(status)) await pause(retryAfterMs > 0 ? retryAfterMs : 1_000, `DELETE still answered ${status}${keyOf(ex)}`)
    else throw new Error(`DELETE answered ${status}${keyOf(ex)}`)
  }
  // An asynchronous delete takes a moment (the real service queues it): asking at once costs a request
  // from the run's budget for an answer that is known already.
  if (accepted.response.status === 202) await pause(ASYNC_FIRST_POLL_MS, 'accepted (202) but not gone')
  for (;;) {
    const ex = await client.send({ operationId: 'getCampaign', method: 'GET', path })
    if (ex.response.status === 404) return { accepted, gone: ex }
    await pause(delay, `accepted (${accepted.response.status}) but getCampaign still answered ${ex.response.status}`)
    delay = Math.min(delay * 2, MAX_DELAY_MS)
  }
}

function keyOf(ex: Exchange): string {
  const key = ex.response.body?.key
  return typeof key === 'string' ? ` ${key}` : ''
}
