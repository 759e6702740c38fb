import type { Check, CheckContext } from '../check.js'
import { isUnauthorizedKey } from '../expect-response.js'
import type { RequestSpec } from '../http-client.js'
import { bearerAuth, type HeaderAuth } from './bearer-auth.js'

const token = (form: Record<string, string>) => ({ operationId: 'createOAuthToken', method: 'POST', path: '/v1/oauth/token', form })
const TOKENS = 'oauth-tokens'

const listing = (auth: HeaderAuth): RequestSpec => ({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 }, auth })

/** The token opens a listing: alone, or with the app keys where the target wants both at once (bearerAuth). */
async function listsWith(ctx: CheckContext, accessToken: string): Promise<HeaderAuth> {
  const { auth, exchange } = await bearerAuth(ctx, accessToken, listing, (ex) => ex.response.status === 200)
  ctx.expectResponse(exchange, { status: 200 })
  return auth
}

/** A fresh token that works (checked with one listing): the start of the revoke and expiry checks. */
async function workingToken(ctx: CheckContext): Promise<{ body: any; auth: HeaderAuth }> {
  const res = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api campaigns' }), { status: 200 })
  return { body: res.response.body, auth: await listsWith(ctx, res.response.body.access_token) }
}

/** The token must now be refused: 401 `unauthorized`. */
async function expectRefused(ctx: CheckContext, auth: HeaderAuth, why: string): Promise<void> {
  const res = await ctx.client.send({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 }, auth })
  if (res.response.status === 200) ctx.fail({ location: 'status', pointer: '', message: `${why} must be refused with 401`, expected: 401, actual: 200 }, res)
  ctx.expectResponse(res, { status: 401 })
  ctx.expectThat(res, '/key', isUnauthorizedKey, 'unauthorized')
}

export const oauthChecks: Check[] = [
  {
    id: 'oauth.token-and-bearer',
    title: 'an OAuth token from client_credentials works as a Bearer token',
    operationIds: ['createOAuthToken', 'listCampaigns'],
    readOnly: false,
    requests: 2,
    value: 3,
    shares: { reads: ['oauth-tokens'] },
    async run(ctx) {
      const res = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api campaigns' }), { status: 200 })
      ctx.expectField(res, '/token_type', 'Bearer')
      ctx.expectThat(res, '/expires_in', (v) => Number.isInteger(v) && v > 0, 'a positive lifetime in seconds')
      await listsWith(ctx, res.response.body.access_token)
    },
  },
  {
    id: 'oauth.bearer-from-env',
    title: 'the given bearer token (PROMOKIT_BEARER_TOKEN) is accepted',
    operationIds: ['listCampaigns'],
    readOnly: true,
    requests: 1,
    value: 1,
    shares: { reads: ['oauth-tokens'] },
    async run(ctx) {
      if (!ctx.client.credentials.bearerToken) ctx.skip('no bearer token given (--bearer-token / PROMOKIT_BEARER_TOKEN)')
      await listsWith(ctx, ctx.client.credentials.bearerToken!)
    },
  },
  {
    id: 'oauth.revoked-token-refused',
    title: 'a revoked OAuth token is refused (401) at once',
    operationIds: ['createOAuthToken', 'revokeOAuthToken', 'listCampaigns'],
    readOnly: false,
    requests: 4,
    value: 2,
    shares: { reads: [TOKENS] },
    async run(ctx) {
      const { body, auth } = await workingToken(ctx)
      // The real service documents POST /v1/oauth/token/revoke; a target without it (404 for the route, 405) is skipped.
      const revoke = await ctx.client.send({ operationId: 'revokeOAuthToken', method: 'POST', path: '/v1/oauth/token/revoke', form: { access_token: body.access_token } })
      const { status, body: answer } = revoke.response
      if (status === 405 || (status === 404 && (answer?.resource_type === 'route' || !ctx.validator.operations.some((o) => o.operationId === 'revokeOAuthToken')))) {
        ctx.skip(`the target has no token revocation (POST /v1/oauth/token/revoke answered ${status})`)
      }
      ctx.expectResponse(revoke, { status: [200, 204] })
      await expectRefused(ctx, auth, 'a revoked token')
    },
  },
  {
    id: 'oauth.expired-token-refused',
    title: "an OAuth token is refused (401) once its expires_in has passed (mock only: the suite moves the mock's clock)",
    operationIds: ['createOAuthToken', 'listCampaigns'],
    readOnly: false,
    requests: 4,
    value: 1,
    // Moving the clock past a token's life would expire the other checks' tokens too.
    shares: { changes: ['clock', TOKENS] },
    async run(ctx) {
      if (!ctx.isMock) ctx.skip("only against promokit's mock, whose clock the suite can move (a real token lives 900 s)")
      const { body, auth } = await workingToken(ctx)
      await ctx.wait(body.expires_in * 1000 + 1000)
      await expectRefused(ctx, auth, `a token past its ${body.expires_in} s`)
    },
  },
  {
    id: 'oauth.invalid-grant-type-400',
    title: 'a token request with another grant_type gets 400',
    operationIds: ['createOAuthToken'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      await ctx.call(token({ grant_type: 'password', scope: 'api' }), { status: 400 })
    },
  },
  {
    id: 'oauth.invalid-scope-400',
    title: 'a token request with an unknown scope gets 400 invalid_scope',
    operationIds: ['createOAuthToken'],
    readOnly: false,
    requests: 1,
    value: 1,
    shares: {},
    async run(ctx) {
      const res = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api pk-no-such-scope' }), { status: 400 })
      ctx.expectField(res, '/key', 'invalid_scope')
    },
  },
]
