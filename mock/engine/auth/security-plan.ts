/** The credential kinds the spec's security schemes map to. */
export type CredentialKind = 'appId' | 'appToken' | 'bearer' | 'managementId' | 'managementToken' | 'exportToken' | 'clientId' | 'clientToken'

/** One security requirement object: every kind in it must be satisfied; bearer carries its scopes. */
export interface SecurityRequirementPlan {
  kinds: Set<CredentialKind>
  scopes: string[]
  /** A scheme the mock does not understand makes the requirement unsatisfiable. */
  unknown: string[]
}

interface SchemeObject {
  type?: string
  in?: string
  name?: string
  scheme?: string
}

const HEADER_KINDS: Record<string, CredentialKind> = {
  'x-app-id': 'appId',
  'x-app-token': 'appToken',
  'x-management-id': 'managementId',
  'x-management-token': 'managementToken',
  'x-client-application-id': 'clientId',
  'x-client-token': 'clientToken',
}

/** Maps a scheme by what it is (header name, query name, OAuth), so the spec may name schemes freely. */
export function schemeKind(scheme: SchemeObject | undefined): CredentialKind | undefined {
  if (!scheme) return undefined
  if (scheme.type === 'oauth2' || (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')) return 'bearer'
  if (scheme.type !== 'apiKey' || !scheme.name) return undefined
  if (scheme.in === 'header') return HEADER_KINDS[scheme.name.toLowerCase()]
  if (scheme.in === 'query' && scheme.name === 'token') return 'exportToken'
  return undefined
}

/** An operation's `security` (or the document's), resolved once per operation. */
export function planSecurity(
  security: Array<Record<string, string[]>> | undefined,
  schemes: Record<string, SchemeObject | undefined>,
): SecurityRequirementPlan[] {
  return (security ?? []).map((requirement) => {
    const plan: SecurityRequirementPlan = { kinds: new Set(), scopes: [], unknown: [] }
    for (const [name, scopes] of Object.entries(requirement)) {
      const kind = schemeKind(schemes[name])
      if (!kind) plan.unknown.push(name)
      else plan.kinds.add(kind)
      if (kind === 'bearer') plan.scopes.push(...scopes)
    }
    return plan
  })
}
