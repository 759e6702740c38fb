import type { AuthMode, Credentials } from './http-client.js'

/** The security schemes of an operation, by the names spec/openapi.yaml gives them. */
export const schemesOf = (op: { security?: readonly Record<string, readonly string[]>[] }): Set<string> => new Set((op.security ?? []).flatMap((req) => Object.keys(req)))

/**
 * The credentials an operation is called with: management keys on management paths, client-side keys on
 * /client/v1 (when given), else the application keys. Undefined: the run has no credentials it accepts.
 */
export function authFor(op: { security?: readonly Record<string, readonly string[]>[] }, credentials: Credentials): AuthMode | undefined {
  const s = schemesOf(op)
  if (s.has('managementId')) return credentials.managementId && credentials.managementToken ? 'management' : undefined
  if (s.has('appId')) return 'app'
  if (s.has('clientApplicationId')) return credentials.clientId && credentials.clientToken ? 'client' : credentials.bearerToken && s.has('oauth2') ? 'bearer' : undefined
  if (s.has('oauth2')) return credentials.bearerToken ? 'bearer' : undefined
  return 'app'
}
