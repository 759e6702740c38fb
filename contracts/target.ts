import type { OpenApiDocument } from '../src/spec/load-spec.js'
import { readMockClock } from '../src/mock-control.js'
import { sendOnce } from './http-transport.js'

/** `https://{cluster}.{domain}` from the spec's first server, with the cluster checked against its enum. */
export function clusterUrl(doc: OpenApiDocument, cluster: string, domain?: string): string {
  const server = doc.servers?.find((s) => s.variables?.cluster) ?? doc.servers?.[0]
  if (!server) throw new Error('the spec has no servers to build a URL from')
  const variables = server.variables ?? {}
  const allowed = variables.cluster?.enum
  if (allowed && !allowed.includes(cluster)) throw new Error(`--cluster must be one of ${allowed.join(', ')}; got "${cluster}"`)
  const values: Record<string, string> = { cluster, ...(domain ? { domain } : {}) }
  return server.url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? variables[name]?.default
    if (value === undefined) throw new Error(`the server URL needs {${name}}`)
    return String(value)
  })
}

/** Whether the target is promokit's mock with an advanceable clock: then waits move its clock instead of sleeping. */
export async function detectMock(baseUrl: string, timeoutMs = 3_000): Promise<boolean> {
  try {
    const res = await sendOnce({ method: 'GET', url: `${baseUrl.replace(/\/+$/, '')}/_mock/clock`, headers: {} }, timeoutMs)
    return res.status === 200 && readMockClock(JSON.parse(res.text))?.advanceable === true
  } catch {
    return false
  }
}

/** A bearer token from the target's createOAuthToken, so the in-process run also checks the Bearer scheme. */
export async function issueBearerToken(baseUrl: string, appId: string, appToken: string, scope = 'api campaigns'): Promise<string | undefined> {
  try {
    const res = await sendOnce({
      method: 'POST',
      url: `${baseUrl.replace(/\/+$/, '')}/v1/oauth/token`,
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    }, 5_000)
    const body = JSON.parse(res.text) as { access_token?: unknown }
    return res.status === 200 && typeof body.access_token === 'string' ? body.access_token : undefined
  } catch {
    return undefined
  }
}
