import type { Check, CheckContext } from '../check.js'
import { DELIBERATELY_WRONG } from '../curl.js'
import { isUnauthorizedKey } from '../expect-response.js'
import type { AuthMode, RequestSpec } from '../http-client.js'
import type { SuiteOperation } from '../suite-validator.js'
import { campaignBody } from './campaign-bodies.js'

const WRONG = DELIBERATELY_WRONG

/** A request for the operation that only authentication should decide: placeholder ids, a harmless body. */
export function probe(ctx: CheckContext, op: SuiteOperation, auth: AuthMode): RequestSpec {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'projectId' ? ctx.ids.projectId ?? 'proj_pkAuthProbe' : `pk-auth-probe-${name}`))
  const spec: RequestSpec = { operationId: op.operationId, method: op.method, path, auth }
  if (op.operationId === 'createOAuthToken') spec.form = { grant_type: 'client_credentials', scope: 'api' }
  // the other OAuth endpoints take a form too (a JSON body would be refused for its type, not its credentials)
  else if (op.operationId === 'introspectOAuthToken' || op.operationId === 'revokeOAuthToken') spec.form = { access_token: 'pk-auth-probe-token' }
  // If a broken target accepted it anyway, the campaign is named and tagged for this run and cleaned up.
  else if (op.operationId === 'createCampaign') spec.body = campaignBody('PROMOTION', { name: ctx.name('auth-probe'), tag: ctx.tag })
  else if (['POST', 'PUT', 'PATCH'].includes(op.method.toUpperCase())) spec.body = {}
  return spec
}

const schemes = (op: SuiteOperation): Set<string> => new Set((op.security ?? []).flatMap((req) => Object.keys(req)))

/** The wrong credentials worth trying for an operation, by the security schemes the spec gives it. */
function wrongCredentials(ctx: CheckContext, op: SuiteOperation): { label: string; auth: AuthMode }[] {
  const c = ctx.client.credentials
  const s = schemes(op)
  const out: { label: string; auth: AuthMode }[] = []
  if (s.has('appId') || s.has('appToken')) out.push({ label: 'a wrong X-App-Token', auth: { headers: { 'X-App-Id': c.appId ?? WRONG, 'X-App-Token': WRONG } } })
  if (s.has('oauth2')) out.push({ label: 'a wrong bearer token', auth: { headers: { Authorization: `Bearer ${WRONG}` } } })
  if (s.has('managementId') || s.has('managementToken')) {
    out.push({ label: 'a wrong X-Management-Token', auth: { headers: { 'X-Management-Id': c.managementId ?? WRONG, 'X-Management-Token': WRONG } } })
    if (c.appId && c.appToken) out.push({ label: 'app keys on a management path', auth: 'app' })
  }
  if (s.has('clientApplicationId')) {
    out.push({ label: 'a wrong X-Client-Token', auth: { headers: { 'X-Client-Application-Id': c.clientId ?? WRONG, 'X-Client-Token': WRONG } } })
    if (!s.has('appId') && c.appId && c.appToken) out.push({ label: 'secret app keys on a client-side path', auth: 'app' })
  }
  if (out.length === 0) out.push({ label: 'a wrong X-App-Token', auth: { headers: { 'X-App-Id': c.appId ?? WRONG, 'X-App-Token': WRONG } } })
  return out
}

/** One check per operation of the spec: 401 (Error format, key unauthorized) without and with wrong credentials. */
export function authChecks(operations: readonly SuiteOperation[]): Check[] {
  return operations.map((op) => ({
    id: `auth.${op.operationId}`,
    title: `${op.operationId} answers 401 without credentials and with wrong ones`,
    operationIds: [op.operationId],
    readOnly: op.method.toUpperCase() === 'GET',
    requests: 3,
    value: 1,
    shares: {},
    async run(ctx) {
      // Side by side: each probe is refused on its own, and a distant target costs one round trip, not five.
      const probes = [{ label: 'no credentials', auth: 'none' as const }, ...wrongCredentials(ctx, op)]
      const answers = await Promise.allSettled(probes.map(({ auth }) => ctx.call(probe(ctx, op, auth), { status: 401 })))
      answers.forEach((answer, i) => {
        if (answer.status === 'rejected') throw answer.reason
        ctx.expectThat(answer.value, '/key', isUnauthorizedKey, 'unauthorized', `${probes[i].label} must be refused as unauthorized`)
      })
    },
  }))
}
