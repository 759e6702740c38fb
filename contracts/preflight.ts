import { BudgetExceeded, RequestFailed, type Credentials, type Exchange, type HttpClient } from './http-client.js'

/** The run cannot tell anything about the target: it is unreachable or refuses the credentials. Exit 2, one line. */
export class TargetUnusable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TargetUnusable'
  }
}

// 401 only: a 403 may mean "not allowed for this project", which the checks report where it matters.
const REFUSED = new Set([401])

/**
 * One request per credential set before any check: otherwise an unreachable target or a wrong key turns into
 * one failure per check. Management keys are tried on a metadata schema that does not exist (a read: any
 * answer but 401/403 means the keys were accepted).
 */
export async function preflight(client: HttpClient, credentials: Credentials, projectId: string | undefined): Promise<void> {
  const managed = credentials.managementId && credentials.managementToken && projectId
  const path = `/management/v1/projects/${encodeURIComponent(projectId ?? '')}/metadata-schemas/ms_pkPreflight00000000000`
  const [app, management] = await Promise.all([
    probe(client, { operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 } }),
    managed ? probe(client, { operationId: 'getMetadataSchema', method: 'GET', path, auth: 'management' }) : undefined,
  ])
  if (REFUSED.has(app.response.status)) throw new TargetUnusable(`the target refused the application credentials (X-App-Id ${credentials.appId ?? '-'}): ${answer(app)}`)
  const elsewhere = notThisApi(app)
  if (elsewhere) throw new TargetUnusable(`not the campaign API at ${client.baseUrl}: GET /v1/campaigns ${elsewhere} (is the base URL, with its path prefix, right?)`)
  if (management && REFUSED.has(management.response.status)) {
    throw new TargetUnusable(`the target refused the management credentials (X-Management-Id ${credentials.managementId}): ${answer(management)}`)
  }
}

async function probe(client: HttpClient, spec: Parameters<HttpClient['send']>[0]): Promise<Exchange> {
  try {
    return await client.send(spec)
  } catch (error) {
    if (error instanceof RequestFailed) throw new TargetUnusable(`cannot reach ${client.baseUrl}: ${error.message.replace(/^.*? failed: /, '')}`)
    if (error instanceof BudgetExceeded) throw new TargetUnusable(`--max-requests ${error.limit} leaves no room for the start-up probe: no check could run`)
    throw error
  }
}

/**
 * Why the listCampaigns answer cannot come from this API (a static file server, a wrong path prefix, another
 * service), or undefined. A 5xx is left to the checks: that is the API failing, not a different one.
 */
function notThisApi(ex: Exchange): string | undefined {
  const { status, contentType, body } = ex.response
  const type = contentType.split(';')[0] || 'no content type'
  if (status === 404) return `answered 404 (${type}${typeof body?.key === 'string' ? `, ${body.key}` : ''}): no such route`
  if (status >= 500) return undefined
  if (!/[/+]json\b/i.test(contentType) || typeof body !== 'object' || body === null) return `answered ${status} ${type}, not the API's JSON`
  if (status === 200 && !Array.isArray(body.campaigns)) return 'answered 200 JSON without a campaigns list'
  return undefined
}

function answer(ex: Exchange): string {
  const key = ex.response.body?.key
  return `${ex.response.status}${typeof key === 'string' ? ` ${key}` : ''}`
}
