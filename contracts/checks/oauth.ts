import type { Check } from '../check.js'

const token = (form: Record<string, string>) => ({ operationId: 'createOAuthToken', method: 'POST', path: '/v1/oauth/token', form })

export const oauthChecks: Check[] = [
  {
    id: 'oauth.token-and-bearer',
    title: 'an OAuth token from client_credentials works as a Bearer token',
    operationIds: ['createOAuthToken', 'listCampaigns'],
    readOnly: false,
    async run(ctx) {
      const res = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api campaigns' }), { status: 200 })
      ctx.expectField(res, '/token_type', 'Bearer')
      ctx.expectThat(res, '/expires_in', (v) => Number.isInteger(v) && v > 0, 'a positive lifetime in seconds')
      const auth = { headers: { Authorization: `Bearer ${res.response.body.access_token}` } }
      await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 }, auth }, { status: 200 })
    },
  },
  {
    id: 'oauth.bearer-from-env',
    title: 'the given bearer token (PROMOKIT_BEARER_TOKEN) is accepted',
    operationIds: ['listCampaigns'],
    readOnly: true,
    async run(ctx) {
      if (!ctx.client.credentials.bearerToken) ctx.skip('no bearer token given (--bearer-token / PROMOKIT_BEARER_TOKEN)')
      await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 }, auth: 'bearer' }, { status: 200 })
    },
  },
  {
    id: 'oauth.invalid-grant-type-400',
    title: 'a token request with another grant_type gets 400',
    operationIds: ['createOAuthToken'],
    readOnly: false,
    async run(ctx) {
      await ctx.call(token({ grant_type: 'password', scope: 'api' }), { status: 400 })
    },
  },
  {
    id: 'oauth.invalid-scope-400',
    title: 'a token request with an unknown scope gets 400 invalid_scope',
    operationIds: ['createOAuthToken'],
    readOnly: false,
    async run(ctx) {
      const res = await ctx.call(token({ grant_type: 'client_credentials', scope: 'api pk-no-such-scope' }), { status: 400 })
      ctx.expectField(res, '/key', 'invalid_scope')
    },
  },
]
