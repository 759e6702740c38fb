import { describeFetchError } from './http-client.js'

/** Connecting to a target that does not answer takes at most this long: the user hears within 5 s. */
export const REACH_TIMEOUT_MS = 4_000

/** Throws one line naming the target and the reason (refused, unknown host, no answer) when nothing answers HTTP. */
export async function reachTarget(baseUrl: string, timeoutMs = REACH_TIMEOUT_MS): Promise<void> {
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/campaigns?limit=1`, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
    await res.body?.cancel()
  } catch (error) {
    throw new Error(`cannot reach ${baseUrl}: ${describeFetchError(error, timeoutMs)}`, { cause: error })
  }
}
