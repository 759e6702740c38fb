import { describeTransportError, sendOnce } from './http-transport.js'

/** Connecting to a target that does not answer takes at most this long: the user hears within 5 s. */
export const REACH_TIMEOUT_MS = 4_000

/** Throws one line naming the target and the reason (refused, unknown host, no answer) when nothing answers HTTP. */
export async function reachTarget(baseUrl: string, timeoutMs = REACH_TIMEOUT_MS): Promise<void> {
  try {
    await sendOnce({ method: 'HEAD', url: `${baseUrl.replace(/\/+$/, '')}/v1/campaigns?limit=1`, headers: {} }, timeoutMs)
  } catch (error) {
    throw new Error(`cannot reach ${baseUrl}: ${describeTransportError(error, timeoutMs)}`, { cause: error })
  }
}
