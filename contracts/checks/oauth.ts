import type { Check, CheckContext } from '../check.js'
import { isUnauthorizedKey } from '../expect-response.js'
import type { Exchange, RequestSpec } from '../http-client.js'
import { bearerAuth, type HeaderAuth } from './bearer-auth.js'
import { hold, type Held } from './held-across-waits.js'

const token = (form: Record<string, string>) => ({ operationId: 'createOAuthToken', method: 'POST', path: '/v1/oauth/token', form })
const TOKENS = 'oauth-tokens'

const listing = (auth: HeaderAuth): RequestSpec => ({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 }, auth })

/** The token opens a listing: alone, or with the app keys where the target wants both at once (bearerAuth). */
async function listsWith(ctx: CheckContext, accessToken: string): Promise<HeaderAuth> {
  const { auth, exchange } = await bearerAuth(ctx, accessToken, listing, (ex) => ex.response.status === 200)
  ctx.expectResponse(exchange, { status: 200 })
  return auth
}

/** What a token lives when its answer does not say (notes §1.2: 900 s). */
const DOCUMENTED_LIFE_S = 900

interface WorkingToken {
  issued: Exchange
  auth: HeaderAuth
  /** Its life, counted against the run's rate-limit waits since it was asked for. */
  held: Held
}

/**
 * A fresh token that works (checked with one listing): the start of the token, revoke and expiry checks. A
 * listing refused after rate-limit waits that may have outlived the token asks again with a new one, once.
 */
async function workingToken(ctx: CheckContext): Promise<WorkingToken> {
  for (let attempt = 1; ; attempt++) {
    const since = ctx.rateLimitWaitedMs()
    const issued = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api campaigns' }), { status: 200 })
    const life = issued.response.body?.expires_in
    const lifeS = Number.isInteger(life) && life > 0 ? life : DOCUMENTED_LIFE_S
    const held = hold(ctx, `a new OAuth token (${lifeS} s)`, lifeS * 1000, since)
    const { auth, exchange } = await bearerAuth(ctx, issued.response.body?.access_token, listing, (ex) => ex.response.status === 200)
    if (exchange.response.status === 200 || !held.mayHaveLapsed()) {
      ctx.expectResponse(exchange, { status: 200 })
      return { issued, auth, held }
    }
    if (attempt === 2) held.cannotTell('whether a fresh token opens a listing')
  }
}

/** The token must now be refused: 401 `unauthorized`. `unlessLapsed`: a 401 after waits that may have outlived it proves nothing. */
async function expectRefused(ctx: CheckContext, auth: HeaderAuth, why: string, unlessLapsed?: Held): Promise<void> {
  const res = await ctx.client.send(listing(auth))
  if (res.response.status === 200) ctx.fail({ location: 'status', pointer: '', message: `${why} must be refused with 401`, expected: 401, actual: 200 }, res)
  if (res.response.status === 401 && unlessLapsed?.mayHaveLapsed()) unlessLapsed.cannotTell(`whether ${why} was refused for that or for its age`)
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
      const { issued } = await workingToken(ctx)
      ctx.expectField(issued, '/token_type', 'Bearer')
      ctx.expectThat(issued, '/expires_in', (v) => Number.isInteger(v) && v > 0, 'a positive lifetime in seconds')
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
      const { issued, auth, held } = await workingToken(ctx)
      // The real service documents POST /v1/oauth/token/revoke; a target without it (404 for the route, 405) is skipped.
      const revoke = await ctx.client.send({ operationId: 'revokeOAuthToken', method: 'POST', path: '/v1/oauth/token/revoke', form: { access_token: issued.response.body.access_token } })
      const { status, body: answer } = revoke.response
      if (status === 405 || (status === 404 && (answer?.resource_type === 'route' || !ctx.validator.operations.some((o) => o.operationId === 'revokeOAuthToken')))) {
        ctx.skip(`the target has no token revocation (POST /v1/oauth/token/revoke answered ${status})`)
      }
      ctx.expectResponse(revoke, { status: [200, 204] })
      await expectRefused(ctx, auth, 'a revoked token', held)
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
      const { issued, auth } = await workingToken(ctx)
      const life = issued.response.body.expires_in
      await ctx.wait(life * 1000 + 1000)
      await expectRefused(ctx, auth, `a token past its ${life} s`)
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
