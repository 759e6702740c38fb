import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import type { SuiteOperation } from '../suite-validator.js'
import { checkResponse, isUnauthorizedKey } from '../expect-response.js'
import { probe } from './auth.js'
import { bearerAuth, type HeaderAuth } from './bearer-auth.js'
import { hold, type Held } from './held-across-waits.js'
import { schemesOf as schemes } from '../operation-auth.js'
import { mapConcurrent } from '../schedule.js'

/** A scope the spec lists that no operation takes: a token holding only it opens nothing. */
const UNUSED_SCOPE = 'segments'
const BROAD = new Set(['api', 'client_api'])
/** Requests side by side: the matrix is one request per operation and token, latency-bound on a distant target. */
const PARALLEL = 16

const oauthScopes = (op: SuiteOperation): string[] => (op.security ?? []).flatMap((req) => [...(req.oauth2 ?? [])])
/** The operation's own resource scope(s), e.g. `campaigns` (not the broad `api` / `client_api`). */
const ownScopes = (op: SuiteOperation): string[] => oauthScopes(op).filter((s) => !BROAD.has(s))

/**
 * A placeholder request for the operation: placeholder ids, and a body no operation accepts (an array), so a
 * token that gets through creates nothing; only credentials decide a 401.
 */
function scopeProbe(op: SuiteOperation, token: string | HeaderAuth) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `pk-scope-probe-${name}`)
  const body = ['POST', 'PUT', 'PATCH'].includes(op.method.toUpperCase()) ? ['pk-scope-probe'] : undefined
  return { operationId: op.operationId, method: op.method, path, body, auth: typeof token === 'string' ? { headers: { Authorization: `Bearer ${token}` } } : token }
}

/** A token's documented life (notes §1.2). */
const TOKEN_LIFE_MS = 900_000

interface HeldToken {
  token: string
  held: Held
}

async function issue(ctx: CheckContext, scope: string): Promise<string> {
  const res = await ctx.call({ operationId: 'createOAuthToken', method: 'POST', path: '/v1/oauth/token', form: { grant_type: 'client_credentials', scope } }, { status: 200 })
  return res.response.body.access_token
}

/** A pool, not batches: a batch would wait for its slowest request before the next one starts. */
const inPool = <T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> => mapConcurrent(items, PARALLEL, run)

/**
 * Bearer tokens on every operation that takes them (the spec's oauth2 scopes): a token with only a scope no
 * operation lists is refused with 401; a token with the resource scopes (not `api`) is not refused for its
 * credentials on any operation that lists its scope (any answer but 401/403).
 */
export function authScopeChecks(operations: readonly SuiteOperation[]): Check[] {
  return [bearerScopes(operations), foreignKeys(operations)]
}

/**
 * Keys of the wrong kind on every operation, side by side: management keys where the spec lists none, and
 * client-side keys (`--client-id`) where it lists none: 401 `unauthorized` each (a secret key must not open a
 * browser path, nor a browser key a server path).
 */
function foreignKeys(operations: readonly SuiteOperation[]): Check {
  const kinds = [['managementId', 'management'], ['clientApplicationId', 'client']] as const
  return {
    id: 'auth.foreign-keys',
    title: 'management keys and client-side keys on every operation whose security does not list them: 401',
    operationIds: operations.map((op) => op.operationId),
    readOnly: false,
    requests: operations.length * 2,
    value: 2,
    shares: {},
    async run(ctx) {
      const c = ctx.client.credentials
      const have = { management: Boolean(c.managementId && c.managementToken), client: Boolean(c.clientId && c.clientToken) }
      if (!have.management && !have.client) ctx.skip('needs management keys or client-side keys (--client-id, --client-token) to try them where they do not belong')
      const probes = operations.flatMap((op) => kinds.filter(([scheme, auth]) => have[auth] && !schemes(op).has(scheme)).map(([, auth]) => ({ op, auth })))
      const problems: { exchange: Exchange; message: string }[] = []
      await inPool(probes, async ({ op, auth }) => {
        // The auth checks' own probe (a form where the operation takes one), with a JSON body nothing accepts.
        const spec = probe(ctx, op, auth)
        const res = await ctx.client.send(spec.body === undefined ? spec : { ...spec, body: ['pk-auth-probe'] })
        if (res.response.status !== 401 || !isUnauthorizedKey(res.response.body?.key) || checkResponse(ctx.validator, res, { status: 401 }).length > 0) {
          problems.push({ exchange: res, message: `${op.operationId}: ${auth === 'management' ? 'management keys' : 'client-side keys'} must be refused with 401 unauthorized (the operation does not take them)` })
        }
      })
      report(ctx, problems)
    },
  }
}

function bearerScopes(operations: readonly SuiteOperation[]): Check {
  const withOauth = operations.filter((op) => oauthScopes(op).length > 0)
  const resourceScopes = [...new Set(withOauth.flatMap(ownScopes))]
  const everyScope = [...new Set(withOauth.flatMap(oauthScopes))]
  return {
    id: 'auth.bearer-scopes',
    title: `bearer tokens on the ${withOauth.length} operations that take them: without the operation's scope refused (401, or 403), with it (or with every scope it lists) not refused`,
    operationIds: ['createOAuthToken', ...withOauth.map((op) => op.operationId)],
    readOnly: false,
    requests: 2 + withOauth.length * 2,
    value: 2,
    shares: { reads: ['oauth-tokens'] },
    async run(ctx) {
      const [wrong, first] = await Promise.all([issue(ctx, UNUSED_SCOPE), issue(ctx, resourceScopes.join(' '))])
      let right = first
      // A token lives 15 minutes: a run the target rate-limits (or a mock whose clock its waits move) may outlive
      // it, so a refusal is asked again with a fresh token before it counts.
      const freshRight = async (): Promise<string> => (right = await issue(ctx, resourceScopes.join(' ')))
      let every: Promise<HeldToken> | undefined
      const issueHeld = async (scope: string): Promise<HeldToken> => {
        const since = ctx.rateLimitWaitedMs()
        return { token: await issue(ctx, scope), held: hold(ctx, 'a token with every listed scope (900 s)', TOKEN_LIFE_MS, since) }
      }
      const problems: { exchange: Exchange; message: string }[] = []
      await inPool(withOauth, async (op) => {
        await Promise.all([refusedWithout(op), allowedWith(op)])
      })
      report(ctx, problems)

      async function refusedWithout(op: SuiteOperation): Promise<void> {
        const refused = await ctx.client.send(scopeProbe(op, wrong))
        if (!scopeRefusal(ctx, refused)) {
          problems.push({ exchange: refused, message: `${op.operationId}: a token with only the scope ${UNUSED_SCOPE} must be refused (401 unauthorized, or 403) (the operation takes ${oauthScopes(op).join(', ')})` })
        }
      }

      async function allowedWith(op: SuiteOperation): Promise<void> {
        if (ownScopes(op).length === 0) return
        const refusedFor = (status: number): boolean => status === 401 || status === 403
        let allowed = await ctx.client.send(scopeProbe(op, right))
        if (refusedFor(allowed.response.status)) allowed = await ctx.client.send(scopeProbe(op, await freshRight()))
        if (!refusedFor(allowed.response.status)) return
        // The real service lists `api` and the resource scope in one requirement (notes §1.2), which OpenAPI reads as
        // both required: a target refusing the resource scope alone may still take a token with every listed scope.
        every ??= issueHeld(everyScope.join(' '))
        // ... and the app keys with it, where the target wants all at once (bearerAuth).
        const withToken = async (token: Promise<HeldToken>) => (await bearerAuth(ctx, (await token).token, (auth) => scopeProbe(op, auth), (ex) => !refusedFor(ex.response.status))).exchange
        const held = every
        let withEvery = await withToken(held)
        // Shared by the operations, it may have outlived its life in the run's rate-limit waits: asked again with
        // a new one (one for all) before a refusal counts.
        if (refusedFor(withEvery.response.status) && (await held).held.mayHaveLapsed()) {
          if (every === held) every = issueHeld(everyScope.join(' '))
          withEvery = await withToken(every)
        }
        if (!refusedFor(withEvery.response.status)) return ctx.follows('a resource scope alone refused: every listed scope required (OpenAPI reading)')
        problems.push({ exchange: withEvery, message: `${op.operationId}: a token with its scope ${ownScopes(op).join('/')} (and with every scope it lists: ${oauthScopes(op).join(' ')}) must not be refused for its credentials` })
      }
    },
  }
}

/**
 * A token without the operation's scope refused: 401 `unauthorized` as the spec answers it, or 403 in the Error
 * format (RFC 6750 §3.1 `insufficient_scope`; the real service's documentation gives no status for a token
 * lacking a scope, and its error keys include `forbidden` and `missing_required_permission`).
 */
function scopeRefusal(ctx: CheckContext, res: Exchange): boolean {
  const { status, body } = res.response
  if (status === 401) return isUnauthorizedKey(body?.key) && checkResponse(ctx.validator, res, { status: 401 }).length === 0
  if (status !== 403) return false
  ctx.follows('a token without the scope: 403')
  return body?.code === 403 && typeof body?.message === 'string' && (body.key === undefined || (typeof body.key === 'string' && body.key !== ''))
}

function report(ctx: CheckContext, problems: readonly { exchange: Exchange; message: string }[]): void {
  if (problems.length === 0) return
  const [first] = problems
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1).map((p) => p.message.split(':')[0]).join(', ')})` : ''
  ctx.fail({ location: 'status', pointer: '', message: `${first.message}${more}`, actual: first.exchange.response.status }, first.exchange)
}
