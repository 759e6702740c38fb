import { definedOnly } from '../../contracts/command-support.js'
import { sendOnce } from '../../contracts/http-transport.js'
import { reachTarget } from '../../contracts/reach.js'
import { detectMock } from '../../contracts/target.js'
import { DEFAULT_CREDENTIALS } from '../../mock/engine/config.js'
import type { HarEntry } from '../har/har-types.js'
import { isRedacted } from '../har/redact.js'
import type { ReplayCredentials, ReplayTarget } from './replay.js'

/** The target cannot be used for this recording (no keys for a deployment): exit 2. */
export class ReplayTargetError extends Error {}

// Which keys a recorded request needs from the new target, by the header that carried the redacted one.
const NEEDS: Record<string, { keys: (keyof ReplayCredentials)[]; flags: string }> = {
  'x-app-token': { keys: ['appId', 'appToken'], flags: '--app-id and --app-token (env PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN)' },
  'x-management-token': { keys: ['managementId', 'managementToken'], flags: '--management-id and --management-token (env PROMOKIT_MANAGEMENT_ID, PROMOKIT_MANAGEMENT_TOKEN)' },
  'x-client-token': { keys: ['clientId', 'clientToken'], flags: '--client-id and --client-token (env PROMOKIT_CLIENT_ID, PROMOKIT_CLIENT_TOKEN)' },
}

/**
 * A deployment's URL as a replay target. A promokit mock started elsewhere (`promokit mock`, faults armed
 * through /_mock/faults) is replayed like the in-process one: its development keys where none are given, the
 * recording's control calls sent, and its clock following the recording through /_mock/clock/advance. Any
 * other target needs the keys the recording used (redacted in it): without them every request would come
 * back 401, so that is a usage error naming the flags.
 */
export async function urlTarget(baseUrl: string, given: ReplayCredentials, entries: readonly HarEntry[], say: (line: string) => void): Promise<ReplayTarget> {
  const url = baseUrl.replace(/\/+$/, '')
  await reachTarget(url).catch((error: Error) => {
    throw new ReplayTargetError(error.message)
  })
  if (await detectMock(url)) {
    const [project] = DEFAULT_CREDENTIALS.projects
    const credentials: ReplayCredentials = {
      appId: project.appId, appToken: project.appToken, clientId: project.clientId, clientToken: project.clientToken,
      managementId: DEFAULT_CREDENTIALS.management.id, managementToken: DEFAULT_CREDENTIALS.management.token, ...definedOnly(given),
    }
    say(`${url} is a promokit mock: the recording's control calls are sent, its clock follows the recording (/_mock/clock/advance), and keys not given are its development ones`)
    return { kind: 'mock', baseUrl: url, credentials, advance: (ms) => advanceClock(url, ms) }
  }
  const missing = Object.entries(NEEDS).filter(([header, need]) => usesRedacted(entries, header) && need.keys.some((key) => !given[key]))
  if (missing.length) throw new ReplayTargetError(`the recording sends redacted keys the target needs: pass ${missing.map(([, need]) => need.flags).join('; ')}`)
  return { kind: 'url', baseUrl: url, credentials: given }
}

const usesRedacted = (entries: readonly HarEntry[], header: string): boolean =>
  entries.some((e) => e.response.status !== 401 && e.request.headers.some((h) => h.name.toLowerCase() === header && isRedacted(h.value)))

async function advanceClock(baseUrl: string, ms: number): Promise<void> {
  const res = await sendOnce({ method: 'POST', url: `${baseUrl}/_mock/clock/advance`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) }, 5_000)
  if (res.status !== 200) throw new ReplayTargetError(`the promokit mock at ${baseUrl} refused to move its clock (${res.status}): ${res.text.slice(0, 200)}`)
}
