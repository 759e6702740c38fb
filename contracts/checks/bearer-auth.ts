import type { CheckContext } from '../check.js'
import { DELIBERATELY_WRONG } from '../curl.js'
import type { Exchange, RequestSpec } from '../http-client.js'

export type HeaderAuth = { headers: Record<string, string> }

const bearer = (token: string): HeaderAuth => ({ headers: { Authorization: `Bearer ${token}` } })

/**
 * How a bearer token is sent to this target. The description makes OAuth an alternative to the app keys (the
 * token alone); the real service's master form lists `X-App-Id`, `X-App-Token` and the OAuth scheme in ONE
 * requirement (notes §1.2: all at once). A token refused alone passes with the app keys only where the keys do
 * not open the request by themselves (the same request with a wrong token is refused): else the target takes
 * tokens as an alternative and refusing this one alone is its fault. `request` builds the request to try.
 */
export async function bearerAuth(ctx: CheckContext, token: string, request: (auth: HeaderAuth) => RequestSpec, accepted: (ex: Exchange) => boolean): Promise<{ auth: HeaderAuth; exchange: Exchange }> {
  const alone = bearer(token)
  const first = await ctx.client.send(request(alone))
  const { appId, appToken } = ctx.client.credentials
  if (accepted(first) || first.response.status !== 401 || !appId || !appToken) return { auth: alone, exchange: first }
  const keys = { 'X-App-Id': appId, 'X-App-Token': appToken }
  const withWrong = await ctx.client.send(request({ headers: { ...keys, ...bearer(DELIBERATELY_WRONG).headers } }))
  if (withWrong.response.status !== 401) return { auth: alone, exchange: first }
  const withKeys: HeaderAuth = { headers: { ...keys, ...alone.headers } }
  const exchange = await ctx.client.send(request(withKeys))
  if (accepted(exchange)) ctx.follows('bearer token with the app keys, all at once (real service: one requirement lists both)')
  return { auth: withKeys, exchange }
}
