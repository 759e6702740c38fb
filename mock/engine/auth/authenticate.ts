import { ApiError } from '../errors.js'
import type { AuthContext } from '../handler-types.js'
import type { CredentialRegistry } from './credentials.js'
import type { SecurityRequirementPlan } from './security-plan.js'
import type { TokenStore } from '../../resources/oauth/token-store.js'

export interface AuthInput {
  operationId: string
  headers: Record<string, string | string[] | undefined>
  query: Record<string, unknown>
}

export interface AuthServices {
  credentials: CredentialRegistry
  tokens: TokenStore
}

type Outcome = { ok: AuthContext } | { presented: boolean; reason: string }

const header = (headers: AuthInput['headers'], name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value || undefined
}

/**
 * Checks the request against the operation's security requirements (any one suffices) and
 * returns who is calling; otherwise throws 401 `unauthorized` saying what is missing or wrong.
 * Details never echo a secret.
 */
export function authenticate(plans: SecurityRequirementPlan[], input: AuthInput, services: AuthServices): AuthContext {
  if (plans.length === 0) return { scheme: 'appKeys', clientId: 'anonymous' }
  const failures: { presented: boolean; reason: string }[] = []
  for (const plan of plans) {
    const outcome = evaluate(plan, input, services)
    if ('ok' in outcome) return outcome.ok
    failures.push(outcome)
  }
  throw new ApiError('UNAUTHORIZED', explain(plans, failures, input))
}

function evaluate(plan: SecurityRequirementPlan, input: AuthInput, services: AuthServices): Outcome {
  if (plan.unknown.length > 0) return { presented: false, reason: `unsupported security scheme ${plan.unknown.join(', ')}` }
  if (plan.kinds.has('appId') || plan.kinds.has('appToken')) return appKeys(input, services)
  if (plan.kinds.has('managementId') || plan.kinds.has('managementToken')) return managementKeys(input, services)
  if (plan.kinds.has('clientId') || plan.kinds.has('clientToken')) return clientKeys(input, services)
  if (plan.kinds.has('bearer')) return bearer(plan.scopes, input, services)
  if (plan.kinds.has('exportToken')) return exportToken(input)
  return { presented: false, reason: 'no usable credentials' }
}

function appKeys(input: AuthInput, { credentials }: AuthServices): Outcome {
  const appId = header(input.headers, 'x-app-id')
  const appToken = header(input.headers, 'x-app-token')
  if (!appId && !appToken) return { presented: false, reason: 'missing X-App-Id and X-App-Token headers' }
  if (!appId) return { presented: true, reason: 'missing X-App-Id header (X-App-Token was sent; both are required)' }
  if (!appToken) return { presented: true, reason: 'missing X-App-Token header (X-App-Id was sent; both are required)' }
  if (!credentials.appById(appId)) return { presented: true, reason: 'X-App-Id is not a known application id' }
  const project = credentials.app(appId, appToken)
  if (!project) return { presented: true, reason: 'X-App-Token is wrong for this X-App-Id' }
  return { ok: { scheme: 'appKeys', projectId: project.projectId, clientId: appId } }
}

function managementKeys(input: AuthInput, { credentials }: AuthServices): Outcome {
  const id = header(input.headers, 'x-management-id')
  const token = header(input.headers, 'x-management-token')
  if (!id && !token) return { presented: false, reason: 'missing X-Management-Id and X-Management-Token headers' }
  if (!id) return { presented: true, reason: 'missing X-Management-Id header (both are required)' }
  if (!token) return { presented: true, reason: 'missing X-Management-Token header (both are required)' }
  const scope = credentials.managementScope(id, token)
  if (!scope) return { presented: true, reason: 'X-Management-Id or X-Management-Token is wrong' }
  return { ok: { scheme: 'managementKeys', clientId: id, ...(scope.projectId ? { projectId: scope.projectId } : {}) } }
}

/**
 * Client-side keys (`/client/v1`): public keys a browser app ships. A key restricted to allowed origins
 * refuses a request whose `Origin` is another one with 403 (a request without `Origin` is not a
 * browser's, and passes, as the real dashboard's origin list only binds browsers).
 */
function clientKeys(input: AuthInput, { credentials }: AuthServices): Outcome {
  const id = header(input.headers, 'x-client-application-id')
  const token = header(input.headers, 'x-client-token')
  if (!id && !token) return { presented: false, reason: 'missing X-Client-Application-Id and X-Client-Token headers' }
  if (!id) return { presented: true, reason: 'missing X-Client-Application-Id header (X-Client-Token was sent; both are required)' }
  if (!token) return { presented: true, reason: 'missing X-Client-Token header (X-Client-Application-Id was sent; both are required)' }
  if (!credentials.clientById(id)) return { presented: true, reason: 'X-Client-Application-Id is not a known client application id' }
  const project = credentials.client(id, token)
  if (!project) return { presented: true, reason: 'X-Client-Token is wrong for this X-Client-Application-Id' }
  const origin = header(input.headers, 'origin')
  const allowed = project.clientOrigins ?? []
  if (origin !== undefined && allowed.length > 0 && !allowed.includes(origin)) {
    throw new ApiError('FORBIDDEN', `Origin ${origin} is not allowed for client application id ${id}; allowed: ${allowed.join(', ')}`)
  }
  return { ok: { scheme: 'clientKeys', projectId: project.projectId, clientId: id } }
}

function bearer(scopes: string[], input: AuthInput, { tokens }: AuthServices): Outcome {
  const authorization = header(input.headers, 'authorization')
  if (!authorization) return { presented: false, reason: 'missing Authorization: Bearer <token> header' }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match) return { presented: true, reason: 'the Authorization header must be "Bearer <access token>"' }
  const token = tokens.find(match[1])
  if (!token) return { presented: true, reason: 'the bearer token is not a token this server issued' }
  const state = tokens.state(token)
  if (state === 'revoked') return { presented: true, reason: 'the bearer token has been revoked; get a new one from POST /v1/oauth/token' }
  if (state === 'expired') return { presented: true, reason: 'the bearer token has expired; get a new one from POST /v1/oauth/token' }
  // The real service: "The `api` scope allows using the server-side API" (`client_api` the client-side
  // one), and a resource scope its own operations; so any one scope the operation lists suffices.
  if (scopes.length > 0 && !scopes.some((s) => token.scopes.includes(s))) {
    return {
      presented: true,
      reason: `the bearer token's scope (${token.scopes.join(' ')}) does not allow ${input.operationId}, which needs one of: ${scopes.join(', ')}`,
    }
  }
  return { ok: { scheme: 'bearer', projectId: token.projectId, clientId: token.clientId, scopes: token.scopes } }
}

function exportToken(input: AuthInput): Outcome {
  const token = input.query.token
  if (typeof token !== 'string' || token === '') return { presented: false, reason: 'missing token query parameter' }
  return { ok: { scheme: 'exportToken', clientId: 'export-download' } }
}

function explain(plans: SecurityRequirementPlan[], failures: { presented: boolean; reason: string }[], input: AuthInput): string {
  const presented = failures.filter((f) => f.presented).map((f) => f.reason)
  if (presented.length > 0) return capitalise(unique(presented).join('; '))
  const takesAppKeys = plans.some((p) => p.kinds.has('appId'))
  const takesClientKeys = plans.some((p) => p.kinds.has('clientId'))
  const sentAppKeys = Boolean(header(input.headers, 'x-app-id') || header(input.headers, 'x-app-token'))
  if (takesClientKeys && sentAppKeys) {
    return 'Secret application keys (X-App-Id, X-App-Token) are refused on /client/v1: they must never ship to a browser. Send the client-side keys X-Client-Application-Id and X-Client-Token'
  }
  if (!takesAppKeys && sentAppKeys) {
    return 'Application keys (X-App-Id, X-App-Token) are not accepted here; this operation takes management keys (X-Management-Id and X-Management-Token)'
  }
  if (takesAppKeys && (header(input.headers, 'x-client-application-id') || header(input.headers, 'x-client-token'))) {
    return 'Client-side keys (X-Client-Application-Id, X-Client-Token) work only on /client/v1; this operation takes the secret application keys (X-App-Id and X-App-Token) or a bearer token'
  }
  return capitalise(`${unique(failures.map((f) => f.reason)).join(', or ')}`)
}

const unique = (items: string[]): string[] => [...new Set(items)]
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
