import type { SpecDocument } from '../../engine/mock-deps.js'
import { ApiError } from '../../engine/errors.js'
import type { OAuthToken } from '../../../src/types/index.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { AccessToken, TokenStore } from './token-store.js'

/** Every scope the spec's OAuth schemes declare (the token endpoint accepts nothing else); a few keys, read per token request. */
export function declaredScopes(spec: SpecDocument): Set<string> {
  const scopes = new Set<string>()
  const schemes = (spec as { components?: { securitySchemes?: Record<string, unknown> } }).components?.securitySchemes ?? {}
  for (const scheme of Object.values(schemes) as Array<{ type?: string; flows?: Record<string, { scopes?: object }> }>) {
    if (scheme.type !== 'oauth2') continue
    for (const flow of Object.values(scheme.flows ?? {})) for (const name of Object.keys(flow.scopes ?? {})) scopes.add(name)
  }
  return scopes
}

/** The real service's token answer (also the body of an active token's introspection, with `active`). */
function tokenBody(token: AccessToken, tokens: TokenStore): OAuthToken {
  return {
    access_token: token.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.secondsLeft(token),
    expires_at: Math.floor(token.expiresAt / 1000),
    scope: token.scopes.join(' '),
    client_id: token.clientId,
  }
}

/** `access_token` of an introspect/revoke form; the real service answers `missing_parameters` without it. */
function accessTokenOf(body: unknown): string {
  const value = (body as { access_token?: unknown } | undefined)?.access_token
  if (typeof value !== 'string' || value === '') {
    throw new ApiError('MISSING_PARAMETERS', 'access_token is required (form field, application/x-www-form-urlencoded)')
  }
  return value
}

export const oauthHandlers = {
  createOAuthToken: ({ body, auth }, { deps, project }) => {
    const form = (body ?? {}) as { grant_type?: unknown; scope?: unknown }
    if (form.grant_type !== 'client_credentials') {
      throw new ApiError('INVALID_GRANT_TYPE', `grant_type must be client_credentials, got ${JSON.stringify(form.grant_type ?? null)}`)
    }
    const scopes = typeof form.scope === 'string' ? form.scope.split(/\s+/).filter(Boolean) : []
    if (scopes.length === 0) throw new ApiError('INVALID_SCOPE', 'scope is required: a space-separated list, e.g. "api campaigns"')
    const known = declaredScopes(deps.spec)
    const unknown = scopes.filter((s) => !known.has(s))
    if (unknown.length > 0) {
      const commas = unknown.some((s) => s.includes(',')) ? ' (separate scopes with spaces, not commas)' : ''
      throw new ApiError('INVALID_SCOPE', `Unknown scope ${unknown.join(' ')}${commas}; allowed: ${[...known].join(' ')}`, {
        message: `Invalid scope: ${unknown.join(' ')}`,
      })
    }
    const max = deps.config.oauthTokensPerProject
    if (deps.tokens.activeCount(project.id) >= max) {
      throw new ApiError('TOKEN_LIMIT', `A project may hold at most ${max} active OAuth tokens; revoke some (POST /v1/oauth/token/revoke) or wait until they expire`)
    }
    const token = deps.tokens.issue({ projectId: project.id, clientId: auth.clientId, scopes: [...new Set(scopes)] })
    return { status: 200, body: tokenBody(token, deps.tokens) }
  },

  /** Another project's, expired, revoked or unknown tokens all read as inactive (nothing leaks across projects). */
  introspectOAuthToken: ({ body }, { deps, project }) => {
    const token = deps.tokens.find(accessTokenOf(body))
    if (!token || token.projectId !== project.id || deps.tokens.state(token) !== 'active') return { status: 200, body: { active: false } }
    return { status: 200, body: { ...tokenBody(token, deps.tokens), active: true as const } }
  },

  revokeOAuthToken: ({ body }, { deps, project }) => {
    if (!deps.tokens.revoke(accessTokenOf(body), project.id)) {
      throw new ApiError('NOT_FOUND', 'No active OAuth token of this project has that access_token (unknown, expired or already revoked)', {
        resourceType: 'oauth_token',
      })
    }
    return { status: 204 }
  },
} satisfies TypedHandlers<'createOAuthToken' | 'introspectOAuthToken' | 'revokeOAuthToken'>
