import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { definedOnly, fail } from './command-support.js'
import type { Credentials } from './http-client.js'
import { startMockBeside, type MockBeside } from './mock-beside.js'
import { reachTarget } from './reach.js'
import { detectMock, issueBearerToken } from './target.js'
import type { KnownIds } from './types.js'

export interface TargetInput {
  /** Absent: promokit's mock is started in-process on a free port. */
  baseUrl?: string
  credentials: Credentials
  ids: KnownIds
  /** In-process mock only: latency added to every answer. */
  latencyMs?: number
  /** The reachability probe and mock detection of `baseUrl`, if the command started them early (see startReaching). */
  reached?: Reaching
  /** No `baseUrl`: the mock, if the command started it early (see startMockBeside); else it is started here. */
  mock?: Promise<MockBeside>
}

/** A deployment's start-up probes, on the wire while the suite loads: its reachability and whether it is promokit's mock. */
export interface Reaching {
  reached: Promise<void>
  isMock: Promise<boolean>
}

/**
 * Starts probing a deployment before the spec is loaded, so that an unreachable one is reported within 5 s
 * of the command's start even on a busy machine, and asks it whether it is promokit's mock at the same time
 * (one round trip less before the first check); prepareTarget awaits both. Undefined for no or a malformed URL.
 */
export function startReaching(baseUrl: string | undefined): Reaching | undefined {
  if (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl)) return undefined
  const reached = reachTarget(baseUrl)
  // Awaited later by prepareTarget; until then a rejection is not "unhandled" (detectMock never rejects).
  reached.catch(() => undefined)
  return { reached, isMock: detectMock(baseUrl) }
}

export interface PreparedTarget {
  baseUrl: string
  credentials: Credentials
  ids: KnownIds
  isMock: boolean
  /** Requests sent to the target while preparing it (reachability, mock detection, bearer token): part of --max-requests. */
  sentBefore: number
  /** Stops the in-process mock, if one was started. */
  close(): Promise<void>
}

/**
 * A target ready for a run: the in-process mock started (with its keys and a bearer token), or a deployment
 * that answers (else one line, exit 2, within 5 s), and app keys (a promokit mock's development keys as fallback).
 */
export async function prepareTarget(input: TargetInput, io: { stdout: { write(text: string): unknown } }): Promise<PreparedTarget> {
  let { baseUrl, credentials } = input
  const ids = { ...input.ids }
  let mock: { close(): Promise<void> } | undefined
  let sentBefore = 0
  if (!baseUrl) {
    const server = await (input.mock ?? startMockBeside(input.latencyMs ?? 0))
    mock = server
    baseUrl = server.url
    credentials = { ...server.credentials, ...definedOnly(credentials) }
    ids.projectId ??= server.credentials.projectId
    if (!credentials.bearerToken) {
      sentBefore++
      credentials.bearerToken = await issueBearerToken(baseUrl, server.credentials.appId, server.credentials.appToken)
    }
    io.stdout.write(`Started the promokit mock at ${baseUrl}\n`)
  }
  // One clear line within seconds for a target that does not answer, instead of one failure per check.
  if (!mock) await (input.reached?.reached ?? reachTarget(baseUrl)).catch((error: Error) => fail(error.message))
  // A deployment got the reachability HEAD and detectMock's GET /_mock/clock.
  if (!mock) sentBefore += 2
  const isMock = mock !== undefined || (await (input.reached?.isMock ?? detectMock(baseUrl)))
  if (!credentials.appId || !credentials.appToken) credentials = await fallbackCredentials(credentials, isMock, io)
  return { baseUrl, credentials, ids, isMock, sentBefore, close: async () => mock?.close() }
}

/**
 * Without app keys every check would only collect a 401. A promokit mock started elsewhere still has its
 * development keys unless told otherwise, so those are used (and said); any other target is a usage error.
 */
async function fallbackCredentials(credentials: Credentials, isMock: boolean, io: { stdout: { write(text: string): unknown } }): Promise<Credentials> {
  const missing = 'no app keys: pass --app-id and --app-token (or set PROMOKIT_APP_ID and PROMOKIT_APP_TOKEN)'
  if (!isMock) throw new CliError(USAGE_ERROR, `${missing}; every check needs them`)
  const { DEFAULT_CREDENTIALS } = await import('../mock/engine/config.js')
  const [project] = DEFAULT_CREDENTIALS.projects
  io.stdout.write(`${missing}; the target is a promokit mock, so its development keys (${project.appId}) are used\n`)
  return {
    ...credentials,
    appId: project.appId,
    appToken: project.appToken,
    managementId: credentials.managementId ?? DEFAULT_CREDENTIALS.management.id,
    managementToken: credentials.managementToken ?? DEFAULT_CREDENTIALS.management.token,
  }
}
