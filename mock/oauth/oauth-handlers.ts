import type { SpecDocument } from '../deps.js'
import { ApiError } from '../errors.js'
import type { OperationHandlers } from '../types.js'

const scopeCache = new WeakMap<object, Set<string>>()

/** Every scope the spec's OAuth schemes declare (the token endpoint accepts nothing else). */
export function declaredScopes(spec: SpecDocument): Set<string> {
  let scopes = scopeCache.get(spec)
  if (!scopes) {
    scopes = new Set()
    const schemes = (spec as { components?: { securitySchemes?: Record<string, unknown> } }).components?.securitySchemes ?? {}
    for (const scheme of Object.values(schemes) as Array<{ type?: string; flows?: Record<string, { scopes?: object }> }>) {
      if (scheme.type !== 'oauth2') continue
      for (const flow of Object.values(scheme.flows ?? {})) for (const name of Object.keys(flow.scopes ?? {})) scopes.add(name)
    }
    scopeCache.set(spec, scopes)
  }
  return scopes
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
      throw new ApiError('INVALID_SCOPE', `Unknown scope ${unknown.join(', ')}; allowed: ${[...known].join(', ')}`)
    }
    const token = deps.tokens.issue({ projectId: project.id, clientId: auth.clientId, scopes: [...new Set(scopes)] })
    return {
      status: 200,
      body: {
        access_token: token.accessToken,
        token_type: 'Bearer',
        expires_in: Math.round((token.expiresAt - token.issuedAt) / 1000),
        expires_at: Math.floor(token.expiresAt / 1000),
        scope: token.scopes.join(' '),
        client_id: token.clientId,
      },
    }
  },
} satisfies OperationHandlers
